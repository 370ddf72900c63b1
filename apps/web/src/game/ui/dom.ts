/** A small helper for building DOM: `h('button', { testid: 'strike', onclick }, 'Strike')`. */
export interface Props {
  readonly testid?: string;
  readonly className?: string;
  readonly title?: string;
  readonly disabled?: boolean;
  readonly onclick?: (event: MouseEvent) => void;
  readonly attrs?: Readonly<Record<string, string>>;
}

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: (Node | string | null)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (props.testid !== undefined) element.dataset.testid = props.testid;
  if (props.className !== undefined) element.className = props.className;
  if (props.title !== undefined) element.title = props.title;
  if (props.disabled !== undefined && 'disabled' in element)
    (element as HTMLButtonElement).disabled = props.disabled;
  if (props.onclick !== undefined) element.addEventListener('click', props.onclick as EventListener);
  for (const [key, value] of Object.entries(props.attrs ?? {})) element.setAttribute(key, value);
  for (const child of children) if (child !== null) element.append(child);
  return element;
}

/** A small ball chip: the coloured ball yellow, the white balls ivory with their number. */
export function ballChip(ball: number, numbered: boolean, props: Props = {}): HTMLElement {
  const tag = props.onclick === undefined ? 'span' : 'button';
  const chip = h(tag, {
    ...props,
    className: `chip ${ball === 0 ? 'coloured' : 'white'} ${props.className ?? ''}`,
  });
  chip.textContent = ball === 0 ? '●' : numbered ? String(ball) : '';
  chip.dataset.ball = String(ball);
  return chip;
}
