/** A tiny element builder: the scorer re-renders its whole view from state, so it needs no framework. */

type Child = Node | string | null | undefined | false;

export interface Props {
  readonly class?: string;
  readonly testid?: string;
  readonly text?: string;
  readonly title?: string;
  readonly pressed?: boolean;
  readonly disabled?: boolean;
  readonly onClick?: () => void;
  readonly attrs?: Readonly<Record<string, string>>;
}

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (props.class) element.className = props.class;
  if (props.testid) element.dataset.testid = props.testid;
  if (props.text !== undefined) element.textContent = props.text;
  if (props.title) element.title = props.title;
  if (props.pressed !== undefined) element.setAttribute('aria-pressed', String(props.pressed));
  if (props.disabled && 'disabled' in element) (element as HTMLButtonElement).disabled = true;
  if (props.onClick) element.addEventListener('click', props.onClick);
  for (const [name, value] of Object.entries(props.attrs ?? {})) element.setAttribute(name, value);
  for (const child of children) if (child) element.append(child);
  return element;
}

/** A button; `type=button` so that no button ever submits a form by accident. */
export function button(label: string, props: Props = {}): HTMLButtonElement {
  const b = h('button', { ...props, text: label });
  b.type = 'button';
  return b;
}
