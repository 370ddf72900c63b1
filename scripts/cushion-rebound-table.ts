// Prints the cushion-model comparison tables of docs/physics.md ("Choosing the cushion model"):
// rebound speed and angle against the incidence for each model, for the regulation Russian set
// (P-RU: R = 34 mm, nose 42 mm, e 0.85, μ 0.2, cloth μ 0.2) and for the snooker set of Mathavan et
// al. 2010 (R = 26.25 mm, h = 7R/5, e = 0.98, μw = 0.14, μs = 0.212).
// Then the paper's measured rebounds (Fig. 7(a), square rolling hits) next to each model's.
// Run: node --conditions=@pyramid/source --import tsx scripts/cushion-rebound-table.ts
import { CUSHION_MODELS, type CushionModel, DEFAULT_PARAMS, type PhysicsParams } from '@pyramid/physics';
import { MATHAVAN_2010_FIG7A, MATHAVAN_2010_SET } from '@pyramid/testkit';

const PAPER: PhysicsParams = { ...DEFAULT_PARAMS, ...MATHAVAN_2010_SET };

/** Ball on the cloth at `incidence`° from the normal of a cushion with inward normal +x. */
function rebound(
  model: CushionModel,
  p: PhysicsParams,
  v: number,
  incidence: number,
  kTop: number,
  kSide: number,
) {
  const a = (incidence * Math.PI) / 180;
  const vx = -v * Math.cos(a);
  const vy = v * Math.sin(a);
  const R = p.R;
  const s = Float64Array.from([0, 0, R, vx, vy, 0, (-vy / R) * kTop, (vx / R) * kTop, (kSide * v) / R]);
  CUSHION_MODELS[model](s, 0, 1, 0, p, false);
  const speed = Math.hypot(s[3]!, s[4]!);
  const angle = (Math.atan2(s[4]!, s[3]!) * 180) / Math.PI;
  return `${(speed / v).toFixed(3)} / ${angle.toFixed(1)}°`;
}

const incidences = [0, 15, 30, 45, 60, 75];
const cases: [string, number, number][] = [
  ['stun', 0, 0],
  ['rolling', 1, 0],
  ['rolling, running side 1', 1, 1],
  ['rolling, reverse side 1', 1, -1],
];
for (const [title, p] of [
  ['P-RU (this table)', DEFAULT_PARAMS],
  ['Mathavan et al. 2010 snooker set', PAPER],
] as const) {
  console.log(`\n${title}, v = 1 m/s: rebound speed / v and angle from the normal\n`);
  console.log(`| model | ball | ${incidences.map((i) => `${i}°`).join(' | ')} |`);
  console.log(`| --- | --- | ${incidences.map(() => '---').join(' | ')} |`);
  for (const model of Object.keys(CUSHION_MODELS) as CushionModel[]) {
    for (const [name, kTop, kSide] of cases) {
      if (model === 'mirror' && name !== 'stun') continue;
      const row = incidences.map((i) => rebound(model, p, 1, i, kTop, kSide));
      console.log(`| ${model} | ${name} | ${row.join(' | ')} |`);
    }
  }
}

const models = Object.keys(CUSHION_MODELS) as CushionModel[];
console.log(
  '\nMathavan et al. 2010, Fig. 7(a): measured square rolling hits next to the models (paper set), rebound m/s (ratio)\n',
);
console.log(`| incident m/s | measured | ${models.join(' | ')} |`);
console.log(`| --- | --- | ${models.map(() => '---').join(' | ')} |`);
for (const m of MATHAVAN_2010_FIG7A) {
  const cells = models.map((model) => {
    const R = PAPER.R;
    const s = Float64Array.from([0, 0, R, -m.incident, 0, 0, 0, -m.incident / R, 0]);
    CUSHION_MODELS[model](s, 0, 1, 0, PAPER, false);
    const out = Math.hypot(s[3]!, s[4]!);
    return `${out.toFixed(3)} (${(out / m.incident).toFixed(3)})`;
  });
  const measured = `${m.rebound.toFixed(3)} (${(m.rebound / m.incident).toFixed(3)})`;
  console.log(`| ${m.incident.toFixed(3)}${m.rigid ? '' : ' ¹'} | ${measured} | ${cells.join(' | ')} |`);
}
