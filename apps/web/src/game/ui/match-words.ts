/**
 * The words of the match around the frames: its length after «до» / "to" ("match to 3 frames",
 * «матч до 3 партий») and its result in frames, never to be read as points.
 */
import type { Lang } from '../../common/lang.js';

const PLURAL = { ru: new Intl.PluralRules('ru'), en: new Intl.PluralRules('en') } as const;

/** «партия» in the genitive after «до»: до 1 партии, до 3 партий, до 21 партии. */
const RU_FRAMES_GENITIVE: Readonly<Record<string, string>> = { one: 'партии', few: 'партий', many: 'партий' };

/** "match to 3 frames" / «матч до 3 партий»: the frames a player must win. */
export function matchLength(framesToWin: number, lang: Lang): string {
  if (lang === 'en')
    return `match to ${framesToWin} ${PLURAL.en.select(framesToWin) === 'one' ? 'frame' : 'frames'}`;
  return `матч до ${framesToWin} ${RU_FRAMES_GENITIVE[PLURAL.ru.select(framesToWin)] ?? 'партии'}`;
}

/** The one line at the end of the match: the winner and the frames won, labelled as frames. */
export function matchOverText(winner: string, frames: readonly [number, number], lang: Lang): string {
  return lang === 'en'
    ? `Match over: ${winner} won, frames ${frames[0]}:${frames[1]}`
    : `Матч окончен: победитель — ${winner}, партии ${frames[0]}:${frames[1]}`;
}
