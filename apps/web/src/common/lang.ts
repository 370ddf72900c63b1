/**
 * The two languages of the app. Russian for Russian-language browsers, English otherwise; the
 * player's choice is remembered. The referee's explanations come in both (`ruling.explanation`).
 */
export const LANGS = ['ru', 'en'] as const;
export type Lang = (typeof LANGS)[number];

export function isLang(value: unknown): value is Lang {
  return value === 'ru' || value === 'en';
}

/** Russian when the browser's first preferred language is Russian; English otherwise. */
export function detectLang(languages: readonly string[]): Lang {
  const first = languages[0]?.toLowerCase() ?? '';
  return first === 'ru' || first.startsWith('ru-') ? 'ru' : 'en';
}

/** A text in both languages. */
export interface Bilingual {
  readonly ru: string;
  readonly en: string;
}

/** A string table: each key has a Russian and an English text; `{name}` placeholders are filled by `format`. */
export type Strings<K extends string> = Readonly<Record<K, Bilingual>>;

export function format(template: string, values: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

/** A translator over one string table: `t('key', { n: 3 })`. */
export function translator<K extends string>(strings: Strings<K>, lang: Lang) {
  return (key: K, values?: Readonly<Record<string, string | number>>): string =>
    format(strings[key][lang], values);
}
