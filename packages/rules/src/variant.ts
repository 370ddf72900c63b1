/** The four МКП pyramid variants, a closed vocabulary: `RULEBOOKS` (variants/index.ts) must hold a rulebook for each. */
export const VARIANTS = ['free', 'combined', 'dynamic', 'classic'] as const;
export type Variant = (typeof VARIANTS)[number];

export const VARIANT_NAMES: Readonly<Record<Variant, { readonly ru: string; readonly en: string }>> = {
  free: { ru: 'Свободная пирамида', en: 'Free pyramid' },
  combined: { ru: 'Комбинированная пирамида', en: 'Combined pyramid' },
  dynamic: { ru: 'Динамичная пирамида', en: 'Dynamic pyramid' },
  classic: { ru: 'Классическая пирамида', en: 'Classic pyramid' },
};

export function isVariant(value: unknown): value is Variant {
  return typeof value === 'string' && (VARIANTS as readonly string[]).includes(value);
}
