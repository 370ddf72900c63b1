/**
 * The referee (table `restsOnTable`, mm) and the simulator (`validateShot`, m) agree on where a
 * ball may rest, point for point, over a fine grid around every pocket mouth: a position one
 * accepts the other takes.
 */
import { boundaryOf, DEFAULT_PARAMS, validateShot } from '@pyramid/physics';
import { buildTableGeometry, restsOnTable } from '@pyramid/table';
import { describe, expect, it } from 'vitest';

const geometry = buildTableGeometry();
const boundary = boundaryOf(geometry);

function simulatorTakes(x: number, y: number): boolean {
  const error = validateShot([{ id: 1, x: x / 1000, y: y / 1000 }], null, boundary, DEFAULT_PARAMS);
  return error === null;
}

describe('where a ball may rest', () => {
  it('is the same rule for the referee and the simulator around every pocket', () => {
    const disagreements: string[] = [];
    let accepted = 0;
    let refused = 0;
    for (const pocket of geometry.pockets) {
      for (let dx = -150; dx <= 150; dx += 1.5) {
        for (let dy = -150; dy <= 150; dy += 1.5) {
          const x = pocket.mouthCentre.x + dx;
          const y = pocket.mouthCentre.y + dy;
          const referee = restsOnTable(geometry, { x, y });
          if (referee !== simulatorTakes(x, y)) disagreements.push(`${pocket.id} (${x}, ${y})`);
          if (referee) accepted++;
          else refused++;
        }
      }
    }
    expect(disagreements.slice(0, 10)).toEqual([]);
    expect(accepted).toBeGreaterThan(1000);
    expect(refused).toBeGreaterThan(1000);
  });
});
