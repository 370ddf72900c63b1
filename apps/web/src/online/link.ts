/**
 * Invite links: the game page with `?table=<id>` (a player's seat) or `?watch=<id>` (a spectator).
 * A pasted link or a bare table code both read back to the id; anything else is refused. A
 * player's public page is `?player=<id>`.
 */

export type LinkRole = 'player' | 'spectator';

export interface TableLink {
  readonly tableId: string;
  readonly role: LinkRole;
}

/** Table ids are URL-safe and unguessable; a code outside this shape is not a table. */
const TABLE_ID = /^[A-Za-z0-9_-]{6,64}$/;

export function isTableId(value: string): boolean {
  return TABLE_ID.test(value);
}

/** The link that opens the table at `pageUrl` (the game page), for a player or a spectator. */
export function tableLink(pageUrl: string, tableId: string, role: LinkRole = 'player'): string {
  const url = new URL(pageUrl);
  url.search = '';
  url.hash = '';
  url.searchParams.set(role === 'player' ? 'table' : 'watch', tableId);
  return url.href;
}

/** The table a link (or a bare code) names, or null when it names none. */
export function readTableLink(text: string): TableLink | null {
  const trimmed = text.trim();
  if (isTableId(trimmed)) return { tableId: trimmed, role: 'player' };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  const player = url.searchParams.get('table');
  if (player !== null && isTableId(player)) return { tableId: player, role: 'player' };
  const watcher = url.searchParams.get('watch');
  if (watcher !== null && isTableId(watcher)) return { tableId: watcher, role: 'spectator' };
  return null;
}

/** Player ids are the server's random ids (URL-safe); anything else is no player. */
const PLAYER_ID = /^[A-Za-z0-9_-]{16,32}$/;

/** The link to a player's public page: the game page with `?player=<id>`. */
export function playerLink(pageUrl: string, playerId: string): string {
  const url = new URL(pageUrl);
  url.search = '';
  url.hash = '';
  url.searchParams.set('player', playerId);
  return url.href;
}

/** The player a link names (`?player=<id>`), or null when it names none. */
export function readPlayerLink(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  const id = url.searchParams.get('player');
  return id !== null && PLAYER_ID.test(id) ? id : null;
}
