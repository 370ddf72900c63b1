import type { PlayerInfo } from '@pyramid/online';
import type { StoredPlayer } from './store/types.js';

/** A stored player as clients are shown him (an account: he has a password). */
export const playerInfo = (p: StoredPlayer): PlayerInfo => ({
  id: p.id,
  name: p.name,
  account: p.passwordHash !== null,
});
