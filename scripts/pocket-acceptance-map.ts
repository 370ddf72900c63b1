// Prints the pocket-acceptance maps of docs/physics.md ("Pocket acceptance"): a rolling ball sent
// at the front-right corner and the right middle pocket along lines parallel to the pocket axis,
// 1 mm apart across the mouth, at several speeds (# falls clean, + rattles in, r rattles out,
// h hangs on the edge, . misses the pocket).
// Run: node --conditions=@pyramid/source --import tsx scripts/pocket-acceptance-map.ts
import { acceptanceMap, acceptanceMapText } from '@pyramid/testkit';

for (const pocket of ['FR', 'MR'] as const) {
  console.log(acceptanceMapText(acceptanceMap(pocket, [0.3, 0.5, 1, 2, 3, 5], 1)));
  console.log();
}
