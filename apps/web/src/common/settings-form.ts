/**
 * The rule settings as a form: every open reading of the rules (packages/rules `Settings`, see
 * docs/rules-interpretations.md) with its label in both languages and its documented default.
 * The game's set-up screen and the scorer's start screen both use it; the referee validates the
 * result (`resolveSettings`), so the form never decides what is allowed.
 */
import {
  COMPLETION_RULES,
  DEFAULT_SETTINGS,
  RULEBOOKS,
  resolveSettings,
  type Settings,
  VARIANTS,
  type Variant,
} from '@pyramid/rules';
import type { Bilingual, Lang } from './lang.js';

type BooleanSetting = {
  [K in keyof Settings]: Settings[K] extends boolean ? K : never;
}[keyof Settings];

export const BOOLEAN_SETTING_LABELS: Readonly<Record<BooleanSetting, Bilingual>> = {
  rebreakAfterIncorrectBreak: {
    ru: 'Неправильный разбой — повторный разбой',
    en: 'An incorrect break is broken again',
  },
  fromHouseRestriction: {
    ru: 'С руки из дома — бить только по шарам вне дома (п.21)',
    en: 'From the house, only balls outside the house may be played (п.21)',
  },
  frozenBallCountsAsContact: {
    ru: 'Прижатый шар считается касанием',
    en: 'A ball frozen to the cue ball counts as a contact',
  },
  dynamicOption2AwardsPoint: {
    ru: 'Динамичная: вариант 2 даёт очко',
    en: 'Dynamic: option 2 awards a point',
  },
  winningPointByPenalty: {
    ru: 'Решающее очко можно получить штрафом',
    en: 'The winning point may come from a penalty',
  },
  classicAllowNegative: {
    ru: 'Классическая: счёт может быть отрицательным',
    en: 'Classic: the score may go negative',
  },
  classicBreakBallsCount: {
    ru: 'Классическая: шары, забитые с разбоя, засчитываются',
    en: 'Classic: balls potted on the break count',
  },
  classicUnorderedSatisfiesP20: {
    ru: 'Классическая: незаказанный шар в лузе выполняет п.20',
    en: 'Classic: an uncalled ball potted satisfies п.20',
  },
  classicWaiveP20: {
    ru: 'Классическая: без требования п.20',
    en: 'Classic: п.20 is waived',
  },
};

export const COMPLETION_RULE_LABELS: Readonly<Record<(typeof COMPLETION_RULES)[number], Bilingual>> = {
  'two-contacts': { ru: 'Два касания борта (п.20)', en: 'Two cushion contacts (п.20)' },
  'one-contact': { ru: 'Одно касание борта', en: 'One cushion contact' },
  'two-contacts-or-centre-line': {
    ru: 'Два касания или пересечение средней линии',
    en: 'Two contacts or crossing the centre line',
  },
};

const LABELS = {
  completionRule: { ru: 'Требование п.20', en: 'The п.20 requirement' },
  breakMinBallsToCushion: { ru: 'Разбой: шаров к борту', en: 'Break: balls to a cushion' },
  pushGapThreshold: { ru: 'Толчок: зазор, радиусов шара', en: 'Push: gap in ball radii' },
  framesToWin: { ru: 'Партий до победы', en: 'Frames to win' },
  shotClock: { ru: 'Время на удар (п.26), с', en: 'Shot clock (п.26), s' },
} as const satisfies Readonly<Record<string, Bilingual>>;

/** Settings some variant's rulebook lists as its own; every other setting is general (all variants read it). */
const VARIANT_OWN: ReadonlySet<string> = new Set(VARIANTS.flatMap((v) => RULEBOOKS[v].settings));

/** Whether `variant` reads the setting `name`, as its rulebook says (a general setting applies to all). */
export function settingAppliesTo(name: string, variant: Variant): boolean {
  return !VARIANT_OWN.has(name) || (RULEBOOKS[variant].settings as readonly string[]).includes(name);
}

/**
 * Shows only the rows of `variant`'s settings (class `other-variant` on the rest); the hidden
 * controls keep their values, which the referee ignores for this variant.
 */
export function showVariantSettings(fieldset: HTMLFieldSetElement, variant: Variant): void {
  for (const row of fieldset.querySelectorAll<HTMLElement>('[data-setting]')) {
    row.classList.toggle('other-variant', !settingAppliesTo(row.dataset.setting ?? '', variant));
  }
}

/** A `<fieldset>` with one control per setting, filled with `initial` (default: the documented defaults). */
export function settingsFieldset(lang: Lang, initial: Settings = DEFAULT_SETTINGS): HTMLFieldSetElement {
  const fieldset = document.createElement('fieldset');
  fieldset.className = 'settings';
  const legend = document.createElement('legend');
  legend.textContent = lang === 'ru' ? 'Правила' : 'Rules';
  fieldset.append(legend);

  const row = (label: string, control: HTMLElement) => {
    const wrap = document.createElement('label');
    wrap.className = 'setting';
    const name = control.getAttribute('name');
    if (name !== null) wrap.dataset.setting = name;
    const span = document.createElement('span');
    span.textContent = label;
    wrap.append(span, control);
    fieldset.append(wrap);
  };

  const completion = document.createElement('select');
  completion.name = 'completionRule';
  for (const rule of COMPLETION_RULES) completion.add(new Option(COMPLETION_RULE_LABELS[rule][lang], rule));
  completion.value = initial.completionRule;
  row(LABELS.completionRule[lang], completion);

  const number = (name: string, value: number, min: number, max: number, step: number) => {
    const input = document.createElement('input');
    input.type = 'number';
    input.name = name;
    input.min = String(min);
    input.max = String(max);
    input.step = String(step);
    input.value = String(value);
    return input;
  };
  row(LABELS.framesToWin[lang], number('framesToWin', initial.framesToWin, 1, 99, 1));
  row(
    LABELS.breakMinBallsToCushion[lang],
    number('breakMinBallsToCushion', initial.breakMinBallsToCushion, 0, 15, 1),
  );
  row(LABELS.pushGapThreshold[lang], number('pushGapThreshold', initial.pushGapThreshold, 0, 2, 0.1));
  row(LABELS.shotClock[lang], number('shotClockSeconds', initial.shotClock?.seconds ?? 0, 0, 600, 5));

  for (const key of Object.keys(BOOLEAN_SETTING_LABELS) as BooleanSetting[]) {
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.name = key;
    box.checked = initial[key];
    row(BOOLEAN_SETTING_LABELS[key][lang], box);
  }
  return fieldset;
}

/**
 * Reads a fieldset made by `settingsFieldset` into settings, validated by the referee. A shot clock
 * of 0 s means none; with one, one extension per frame (п.26).
 */
export function readSettings(fieldset: HTMLFieldSetElement, moved: ParentNode | null = null) {
  // `moved`: where a page put some of the fieldset's rows instead (the scorer's frames to win).
  const value = (name: string) =>
    fieldset.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`) ??
    moved?.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`) ??
    null;
  const raw: Record<string, unknown> = {
    completionRule: value('completionRule')?.value,
    framesToWin: Number(value('framesToWin')?.value),
    breakMinBallsToCushion: Number(value('breakMinBallsToCushion')?.value),
    pushGapThreshold: Number(value('pushGapThreshold')?.value),
  };
  const seconds = Number(value('shotClockSeconds')?.value ?? 0);
  raw.shotClock = seconds > 0 ? { seconds, extensionsPerFrame: 1 } : null;
  for (const key of Object.keys(BOOLEAN_SETTING_LABELS)) {
    raw[key] = (value(key) as HTMLInputElement | null)?.checked ?? false;
  }
  return resolveSettings(raw);
}
