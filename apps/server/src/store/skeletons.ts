/**
 * The confusables skeletons of accounts made before they were stored (migration 3 of SQLite, 4 of
 * PostgreSQL), in both stores: oldest account first, each takes its name's skeleton unless an
 * account already holds it. Two old accounts whose names look alike both keep their names and
 * logins (each is found by its exact name); only the older holds the skeleton, so no new look-alike
 * can be registered.
 */
import { nameSkeleton } from '../names.js';

export function skeletonsToFill(
  accounts: readonly { readonly id: string; readonly name: string }[],
  taken: ReadonlySet<string>,
): { id: string; skeleton: string }[] {
  const held = new Set(taken);
  const out: { id: string; skeleton: string }[] = [];
  for (const { id, name } of accounts) {
    const skeleton = nameSkeleton(name);
    if (held.has(skeleton)) continue;
    held.add(skeleton);
    out.push({ id, skeleton });
  }
  return out;
}
