/**
 * Random settings drawn from the values `resolveSettings` allows (packages/rules/src/settings.ts), so
 * that properties hold for every reading of the rules and not only for the product defaults.
 */
import type { Random } from '@pyramid/core';
import { COMPLETION_RULES, type Settings } from '@pyramid/rules';

/**
 * A full settings object with every field drawn at random. `framesToWin` is kept to 1–3 (the
 * referee allows up to 99) so that a random match stays short.
 */
export function randomSettings(random: Random): Settings {
  return {
    completionRule: random.pick(COMPLETION_RULES),
    // Mostly the small counts a house would choose, sometimes anything up to the 15 balls.
    breakMinBallsToCushion: random.chance(0.85) ? random.int(5) : random.int(16),
    rebreakAfterIncorrectBreak: random.chance(0.5),
    fromHouseRestriction: random.chance(0.5),
    frozenBallCountsAsContact: random.chance(0.5),
    pushGapThreshold: random.pick([0, 0.25, 0.5, 1, 2, Math.round(random.float() * 2000) / 1000]),
    dynamicOption2AwardsPoint: random.chance(0.5),
    winningPointByPenalty: random.chance(0.5),
    classicAllowNegative: random.chance(0.5),
    classicBreakBallsCount: random.chance(0.5),
    classicUnorderedSatisfiesP20: random.chance(0.5),
    classicWaiveP20: random.chance(0.25),
    shotClock: random.chance(0.5)
      ? null
      : { seconds: random.pick([1, 30, 45, 60, 600]), extensionsPerFrame: random.int(4) },
    framesToWin: 1 + random.int(3),
  };
}
