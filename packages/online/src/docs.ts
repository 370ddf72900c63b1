/**
 * `docs/online.md`, generated from the protocol's own schemas and descriptions so that the document
 * and the code cannot drift apart (a test compares them). Regenerate with
 * `node --conditions=@pyramid/source --import tsx scripts/online-docs.ts`.
 */

import {
  CAPABILITY_LIFETIME_MS,
  MAX_CAPABILITIES_PER_LIVE,
  MAX_ENTRIES_PER_MESSAGE,
  MAX_LIVE_ENTRIES,
  MAX_OPEN_LIVE_PER_ACCOUNT,
  MAX_WATCHED_LIVE,
} from './live.js';
import { MAX_PLAYER_LIVE_MATCHES } from './player-live.js';
import {
  CLIENT_MESSAGE_TYPES,
  LOG_PAGE_SIZE,
  MAX_CHAT_LENGTH,
  MAX_MESSAGE_BYTES,
  MAX_NAME_LENGTH,
  MAX_WATCHED_EVENTS,
  ONLINE_ERROR_CODES,
  PROTOCOL_VERSION,
  SERVER_MESSAGE_TYPES,
} from './protocol.js';
import { CLIENT_MESSAGE_SCHEMAS, HTTP_REQUEST_SCHEMAS, SERVER_MESSAGE_SCHEMAS } from './schema.js';

const CLIENT_NOTES: Record<(typeof CLIENT_MESSAGE_TYPES)[number], string> = {
  hello:
    'The first message on a connection: the session token from `POST /api/guest`, `/api/register` or `/api/login`. Answered by `welcome`, or an `error` (`auth/invalid-token`, `auth/expired-token`, `protocol/version`).',
  join: 'Join a table, leaving any other. As a `player`: take the free seat of a waiting table, or take back your own seat (a reconnect, another device, or resuming an adjourned match); a newer tab of the same player takes the seat and the older one is sent `superseded`. As a `spectator`: watch. Answered by `joined` with the full state. Costly to answer, so limited with `desync` and `log`: a burst of 10, then one a second.',
  leave:
    'Leave the table. At a table whose match has not started the seat is given back at once. In a match in play a seated player is then away: he has the grace period (120 s by default) to come back before the match is adjourned.',
  stroke:
    "Strike, as the striker plans it: cue ball, call (Classic), placement of a cue ball in hand (mm), the strike (cue speed in m/s, direction as `angleDeg` or a `direction` vector, tip offset `side`/`height` in ball radii, `elevationDeg`). Never positions or pots: the server simulates the stroke. `seq` is the table's seq the stroke was planned on. Answered by the `stroke` broadcast, or an `error` naming the field.",
  decision:
    'A decision the rules give the player to act: the penalty ball (Free 7, Combined 7, Dynamic 7(1)), the exchange ball (Combined 5.2, Dynamic 5.2), the Dynamic option (Dynamic 7), or who plays first after winning the lag lots (п.7). It must be one of `legalActions`. Answered by the `ruling` broadcast.',
  extension:
    'п.26: the player to shoot takes one of his time extensions; the clock gets its seconds once more. Answered by the `ruling` broadcast.',
  chat: `A chat line at the table (players and spectators): plain text, 1–${MAX_CHAT_LENGTH} characters, no control characters, no bidi embedding, override or isolate (U+202A–202E, U+2066–2069), and something visible (not only zero-width characters or fillers); five lines at once, then one every two seconds. Clients show it as text, never as HTML.`,
  desync:
    "The client's own simulation of the stroke at `seq` ended on another final-state hash: the server answers `resync`, the table's state without its log (a client missing rulings asks for them with `log`). Costly to answer, so limited with `join` and `log` (a burst of 10, then one a second); the server's log notes a table's desyncs once per ten minutes, not each report.",
  log: `A page of the rulings log: the entries after seq \`after\` (0 for the first), oldest first, at most ${LOG_PAGE_SIZE} a page. Answered by \`log\`; limited with \`join\` and \`desync\`.`,
  ping: "Measures the round trip; the `pong` carries the server's clock.",
  'event-watch': `Follow a club event (its page): answered by \`event\` with the event as stored now (a snapshot), then \`event-action\` after each action stored (a result, a call, an entry, a registration, a withdrawal, the draw, a correction). Sent again, it answers with a new snapshot: a client whose copy missed an action asks so. A private event is followed by its directors only; others get \`event/not-found\`, as for an event that does not exist. At most ${MAX_WATCHED_EVENTS} events a connection (\`event/too-many\`); limited with \`join\`, \`desync\` and \`log\`.`,
  'event-unwatch': 'Stop following a club event; nothing is answered.',
  'score-open': `Open a live match to score it (live scoring from a real table): the \`liveId\` and \`capability\` of the scorer's link (\`/scorer.html#live=<liveId>&cap=<capability>\`) and this device's own id (random, made once and kept with its queue). Answered by \`score-state\`: the header and the stored log, \`writer: true\` when this device holds the lease — it was the first to open, nobody held the lease, or it held it already (a reconnect) — and watching otherwise. The opener also follows the match (\`live\` after each stored entry). A forged or revoked capability is refused (\`auth/capability-invalid\`, \`auth/capability-revoked\`) and nothing is stored; an expired one (the match has ended, or the link is older than 7 days) is answered with the log as stored, \`writer: false\` (its entries are refused \`auth/capability-expired\`). Its answer carries the whole log, so it is limited with \`join\` (as is \`score-take\`).`,
  'score-take':
    '"Score here": this device takes the lease from the device holding it. The epoch grows by one, the old writer is sent `score-superseded` and its later entries are refused (`score/not-writer`). Answered by `score-state` with `writer: true`.',
  'score-entries': `Entries \`seq\`, \`seq\` + 1, … (1 to ${MAX_ENTRIES_PER_MESSAGE} a message) under the lease of \`epoch\`: an action as the match record stores it, or an undo (withdraws the last action standing; only the device holding the lease, and only an action written under its lease). The server rules each action with the referee on the replayed state (a refusal is \`score/refused\` with the referee's field under \`/entries/<i>/action\` and its code in \`detail\`, and nothing of it is stored), stores the entries in one transaction that also checks the lease and the capability, and only then answers \`score-ack\` and broadcasts \`live\`. \`seq\` must be the stored count + 1; an entry already stored at its seq is acknowledged again and stored once (a resend), a different one is \`score/conflict\`, a seq past the end \`score/gap\` — both followed by \`score-state\`. At most ${MAX_LIVE_ENTRIES} entries a match.`,
  'live-watch': `Follow a live match (its overlay, its page): answered by \`live\` with the entries after \`after\` (all without it), then a \`live\` after each stored entry. At most ${MAX_WATCHED_LIVE} live matches a connection (\`live/too-many\`); an unknown id is \`live/not-found\`. Limited with \`join\`.`,
  'live-unwatch': 'Stop following a live match; nothing is answered.',
  'player-watch': `Follow one player's page: answered by \`player-live\` with the matches he plays now, then another \`player-live\` after every action stored in one of them (on any server process) and when one ends. A connection follows one player at a time: watching another ends the first watch. An unknown id is \`player/not-found\`; a page with 5000 followers on one process is \`player/too-many\`. Limited with \`join\`.`,
  'player-unwatch': "Stop following the player's page; nothing is answered.",
};

const SERVER_NOTES: Record<(typeof SERVER_MESSAGE_TYPES)[number], string> = {
  welcome: "The session is accepted: who you are, and the server's clock.",
  joined:
    "The answer to `join`: your role and seat, and the full snapshot of the table — its info (options, status, seats with presence, spectators, scores, seq), the referee's state and its hash, the shot clock, the lag lots, every ruling so far and the latest chat lines.",
  state: 'A full snapshot again: when the second player sits down and the match starts.',
  resync:
    "The answer to `desync`: the table's info, the referee's state and its hash, the clock and the lag lots as the server holds them — without the log and the chat (ask for rulings with `log`).",
  log: "The answer to `log`: the rulings after `after`, oldest first; `seq` is the table's seq now, `more` says a later page is left (ask again after the last entry's seq).",
  stroke:
    'A stroke was played: the stroke as the striker sent it (clients animate it by simulating it from the previous state), the action the referee took (with the facts the simulation produced, as the match record stores it), the ruling, the new state, `hash` = `hashJson(state)`, the new seq and clock. Sent only after the database holds the action.',
  ruling:
    "Any other action was ruled on: a decision, a lag, an extension, or slow play when the shot clock ran out (then `by` is null: the server's own action, the referee's п.26 foul event).",
  clock:
    "The shot clock changed: it started, was paused (the player to act is away, or the match adjourned) or resumed. `deadline` is the server's epoch ms; show `deadline − (now + offset)`.",
  presence:
    "Who is here: each seat's presence (present, away with the end of his grace period, absent), the count of spectators and the table's status.",
  chat: 'A chat line, relayed to everyone at the table.',
  finished:
    'The match is over — ended by the referee, or forfeited to the player who is back after the match was adjourned for 24 h: the winner and, for a rated match between two accounts, both Glicko-2 ratings before and after (null when unrated).',
  matched: 'The quick-match queue paired you: join this table as a player.',
  superseded:
    'A newer tab of the same player took your seat: this connection only watches now. A client does not reconnect to play.',
  service:
    'Several server processes share a database and a message bus: this one was cut off from one of them (`available: false`, intents are refused with `server/unavailable`) or reaches both again (`available: true`). A message bus that stops answering without closing its connections (frozen, partitioned) counts as cut off once its heartbeat has gone unanswered for 2.5 s.',
  error:
    "A refusal: a namespaced code, the field at fault and a message; `ref` echoes the refused message's `ref`. Nothing changed on the table.",
  pong: 'The answer to `ping`.',
  event:
    'A followed club event as the database holds it, the answer to `event-watch`: the event, every match with its state (waiting, ready, called to a table, finished with the score), the group tables, the standings with places and the suggested calls of the server (for each free table, the longest-waiting ready match) — the same as `GET /api/events/:id`. `version` grows with each action.',
  'event-action':
    "One action stored on a followed event (sent only after it is committed), as the store applied it — its `type`, the server's `by` (the account, `@table` for a table's result) and `at`, and its own fields — and the event's `version` after it. A client holding version − 1 applies it with `applyEventAction` of `@pyramid/events` (pure and deterministic: it gives the event the server stored, walkovers and resets included) and derives the view again; a client holding any other version ignores it and sends `event-watch` for a snapshot. A few hundred bytes where a snapshot of a large event is a few hundred kilobytes.",
  'event-live':
    "The running score of one match of a followed event while it is played, on an online table or scored at a real table (`source`): frames and the frame's points of players a and b, the race, who is at the table, the last ruling, and `seq`, the number of actions stored for the match (keep the highest). Sent after each stored action; the result that ends the match arrives as `event-action`.",
  'score-state':
    "A live match as stored, for its scorer (the answer to `score-open` and `score-take`, and after `score/conflict` or `score/gap`): the header, every stored entry with who sent it and when (the server's clock), the stored count `seq`, whether this device holds the lease and its `epoch`, and whether the match has ended. A scorer takes this log as the truth: its queued entries the log holds are stored, those that contradict it are dropped.",
  'score-ack':
    'Entries up to `seq` are stored (sent only after the database holds them). A resent entry is acknowledged again.',
  'score-superseded':
    'Another device took the lease (`score-take`) with `epoch`: this device writes no more; it watches, and may take the lease back.',
  'player-live': `The matches a followed player plays right now (at most ${MAX_PLAYER_LIVE_MATCHES}, the latest first): an online table he is seated at, or a match of a club event scored at a real table whose entry is his account (a private table or a private event's match only to that player himself). Each has the two players (account id and name), frames and the frame's points in their order, the race, who is at the table, the event (its id, match and name), \`watchUrl\` (the game page watching the table, or the live match's overlay), \`eventUrl\`, and \`seq\`, the actions stored (keep the highest). Sent on \`player-watch\`, when a match of his starts, after each stored action of one of them and when one ends (the list without it: the finished match is then in \`GET /api/players/:id\` or \`GET /api/players/:id/events\`). The server keeps these in memory (rebuilt from the database when a process starts), never reading the database for an action.`,
  live: 'A followed live match after each stored entry (or the answer to `live-watch`): the header, the running score (`MatchLive`: frames and points of players 0 and 1 as a and b, the race, who is at the table, the last ruling in words, `seq` the stored count), the entries stored since, and whether the match has ended.',
};

const ERROR_NOTES: Record<(typeof ONLINE_ERROR_CODES)[number], string> = {
  'protocol/malformed-json': 'the message is not JSON text',
  'protocol/too-large': `the message is longer than ${MAX_MESSAGE_BYTES} bytes`,
  'protocol/schema': 'the message breaks its JSON Schema; `field` names the place (a JSON Pointer)',
  'protocol/unknown-type': '`type` names no client message',
  'protocol/version': `\`hello.protocol\` is not ${PROTOCOL_VERSION}`,
  'rate/limited':
    'too many messages on this connection (a burst of 40, then 20 per second), or too many HTTP requests from this address (HTTP 429 with `Retry-After`; the limits are in docs/deploy.md), or too many failed logins for this name or from this address, or too many of your tables waiting to start',
  'auth/required': 'no session yet: send `hello` (WebSocket) or `Authorization: Bearer <token>` (HTTP)',
  'auth/invalid-token': 'the token was not signed by this server',
  'auth/expired-token':
    'the token has expired (tokens live 30 days; refresh with `POST /api/session/refresh` before then), its session was signed out (`POST /api/logout`), or its secret was retired past its grace period: sign in again',
  'auth/bad-credentials': 'login: no account with this name and password',
  'auth/name-taken':
    'register, or a guest: an account already has this name or one that looks the same (names compare by their Unicode confusables skeleton, whatever the case: Cyrillic А is Latin A, fullwidth letters are letters)',
  'request/invalid':
    'an HTTP body or query field is invalid; `field` names it (`""` for the request itself: a body over 64 KiB, not JSON, or not received within 10 s)',
  'table/not-found': 'no table or match with this id',
  'event/not-found': 'no club event with this id that you may follow (a private one: directors only)',
  'event/too-many': `this connection already follows ${MAX_WATCHED_EVENTS} events: unwatch one first`,
  'table/full': 'both seats are taken by other players: join as a spectator',
  'table/not-joined': 'the connection has not joined this table',
  'table/not-playing': 'the table waits for a player, is adjourned, or the match is over',
  'seat/spectator': 'a spectator cannot act',
  'seat/superseded': 'a newer tab of this player holds the seat',
  'seat/not-your-turn': 'the seated player is not the one to act',
  'state/stale': 'the intent was made on an older state (`seq`): take the new state first',
  'intent/illegal':
    'the intent does not fit `legalActions` (no stroke or no such decision is due), or a stroke cannot be simulated (a cue ball in hand without a placement); `field` names it',
  'intent/refused':
    "the referee refused the action, or the stroke's cue ball, call or placement (`checkShotIntent`); `detail` is the referee's error code, `field` its field",
  'intent/simulation': 'the simulator gave up on this stroke (its event cap); nothing happened: strike again',
  'clock/unavailable': 'no shot clock at this table, or no extension left in this frame',
  'chat/invalid':
    'a chat line refused for its text (`field` /text): empty, longer than 280 characters, control characters (line breaks too), a bidi embedding, override or isolate, or no visible character (zero-width characters and fillers alone); too many lines is `rate/limited`',
  'queue/invalid': 'quick match: nothing to cancel',
  'server/internal': 'a fault of the server; nothing changed',
  'server/unavailable':
    'the server is cut off from its database or message bus, or the table is moving to another server process; nothing changed: play again once it is available',
  'server/outcome-unknown':
    'the process or the database storing the intent stopped answering while it was stored: it may have been played or not. Take the table’s state (the next broadcast, or join again) before acting again',
  'auth/capability-invalid':
    'live scoring: no capability with this value for this live match (forged, mistyped, or for another match); nothing was stored',
  'auth/capability-revoked': 'live scoring: the director revoked this scoring link; nothing was stored',
  'auth/capability-expired': `live scoring: the match has ended, or the link is older than ${CAPABILITY_LIFETIME_MS / 86_400_000} days; nothing was stored`,
  'live/not-found': 'no live match with this id',
  'live/too-many': `this connection follows ${MAX_WATCHED_LIVE} live matches already, or this account has ${MAX_OPEN_LIVE_PER_ACCOUNT} unfinished friendly live matches, or this match has ${MAX_CAPABILITIES_PER_LIVE} scoring links`,
  'score/not-writer':
    'another device holds the lease of this live match (or `epoch` is not the lease’s): take it with `score-take` first',
  'score/refused':
    "the referee refused an entry's action: `field` is its field under `/entries/<i>/action`, `detail` the referee's code; the entries before it in the message were stored (and acknowledged), it and the rest were not",
  'score/conflict':
    'a different entry is stored at this seq (another device wrote it): the server’s log follows in `score-state`',
  'score/gap': 'the seq is past the stored count + 1: the server’s log follows in `score-state`',
  'player/not-found': 'no player with this id',
  'player/too-many': 'this player’s page has too many followers on this server process',
  'score/invalid': `an undo with no action of this device's lease to withdraw, or an entry past ${MAX_LIVE_ENTRIES}`,
};

const HTTP_ROUTES: readonly (readonly [string, string, string, string])[] = [
  [
    'POST',
    '/api/guest',
    '`guest`',
    "A guest session: `{ token, expiresAt, player }`. The token is `<player id>.<secret id>.<session id>.<issued at>.<expires at>.<HMAC-SHA256>` (times in base-36 ms) and `expiresAt` says when it ends; the session is stored, so a logout ends it. The signing secret rotates weekly; a replaced one still verifies its tokens for 30 days. The name is normalised (NFC, single plain spaces) and refused with invisible, bidi-control or filler characters; a guest may not take an account's name or one that looks like it (`auth/name-taken`). 30 guests an hour per address.",
  ],
  [
    'POST',
    '/api/register',
    '`account`',
    "An account (name + password, scrypt). With a guest's `Authorization`, that guest becomes the account: same id, tables and ratings. `player.account` is true: clients mark accounts' names. 10 an hour per address.",
  ],
  [
    'POST',
    '/api/login',
    '`account`',
    "The account's session, on any device. Every login costs one scrypt, whether or not the name is an account. The fifth failure in a row for a name (or the twentieth from an address) locks it for 30 s, each further failure doubles the wait up to 15 min (`429 rate/limited`, `Retry-After`); 20 logins per 10 min per address.",
  ],
  [
    'POST',
    '/api/session/refresh',
    '—',
    'A later token of the same session (new `expiresAt`) for a token still valid and not signed out; send it before the token expires.',
  ],
  [
    'POST',
    '/api/logout',
    '`logout`',
    '`{ revoked }`: ends the session (with `everywhere: true`, every session of the player). Its tokens are refused from then on: at once over HTTP, within 5 s on the WebSocket of every server process.',
  ],
  ['GET', '/api/me', '—', '`{ player }` of the session.'],
  [
    'POST',
    '/api/tables',
    '`createTable`',
    "A table with the caller in seat 0: `201 { table }`. Settings are checked by the referee (`resolveSettings`, `parseMatchStart`); the shot clock is 10–600 s a shot with at most 10 extensions a frame, the same bounds for `shotClock` and `settings.shotClock`. At most 5 of a player's tables may wait for their match to start. The invite link is `/?table=<id>`; the id has 128 random bits.",
  ],
  ['GET', '/api/tables/:id', '—', '`{ table }`.'],
  [
    'GET',
    '/api/lobby',
    '—',
    "`{ open, live, mine }`: public tables waiting for a player, public tables in play (to watch), and the caller's own unfinished tables (to resume). Each table's `options.settings.shotClock` is its clock.",
  ],
  [
    'POST',
    '/api/quick-match',
    '`quickMatch`',
    'Joins the queue of a variant, or is paired at once: `{ status: "waiting" | "matched", … }`. The waiting player is sent `matched` on his WebSocket.',
  ],
  [
    'GET',
    '/api/quick-match',
    '—',
    "The caller's place in the queue (polling keeps it; unpolled for 60 s it lapses).",
  ],
  ['DELETE', '/api/quick-match', '—', 'Leaves the queue.'],
  [
    'GET',
    '/api/players/:id',
    '—',
    'The player page: ratings per variant and match history (newest first), each match with its result and rating change. A private table is listed only to the players sitting at it (send their `Authorization`).',
  ],
  [
    'GET',
    '/api/leaderboard?variant=&limit=',
    '—',
    'Established ratings of one variant, best first: a player appears after 10 rated matches of the variant against at least 5 different opponents.',
  ],
  [
    'GET',
    '/api/matches/:id/record',
    '—',
    'The match record (format `pyramid-match-record`, version 1) of the table: `pyramid referee` replays it to the same rulings and result.',
  ],
  [
    'POST',
    '/api/events/:id/matches/:match/scoring',
    '—',
    "A director's scoring link for a match of his event whose two players are known and that has no result: `201 { liveId, capability, scorerUrl, overlayUrl, pageUrl, header }` (`ScoringLink`). The match's live match is made the first time (its header from the event: variant, table size, settings, the race of the match, the players, a lag to start, the table it is called to) and kept after; each call adds a capability (256 random bits, shown once, stored as a hash; at most 20 a match). `scorerUrl` is `/scorer.html#live=<liveId>&cap=<capability>`, `overlayUrl` `/overlay.html?live=<liveId>` and `pageUrl` the live page, `/live.html?match=<liveId>`.",
  ],
  [
    'DELETE',
    '/api/events/:id/matches/:match/scoring',
    '—',
    "Revokes every scoring capability of the match (directors only): `{ revoked }`. A scorer's next write is refused `auth/capability-revoked`; a new `POST` gives a new link to the same live match.",
  ],
  [
    'GET',
    '/api/events/:id/live',
    '—',
    "`{ matches: [{ match, liveId, table, finished }] }`: the event's live matches (an overlay finds the match called to a table here). A private event: directors only.",
  ],
  [
    'POST',
    '/api/live',
    '`createLive`',
    '"Share live": a friendly match scored at a real table, by any signed-in player (a guest too): `201 ScoringLink`. At most 5 unfinished ones per account (`429 live/too-many`).',
  ],
  [
    'GET',
    '/api/live/:liveId',
    '—',
    '`LiveShown`: the header, the running score, every stored entry (with who and when) and the match record of the actions that stand (`pyramid referee` replays it), public to anyone with the id.',
  ],
  ['GET', '/api/health', '—', '`{ ok, tables }`.'],
];

const json = (value: unknown) => `\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\``;

const EXAMPLE = `\`\`\`text
→ POST /api/guest {"name":"Anna"}
← {"token":"IoV8-37CFhn7HFfT8VxtMw.Qm5xTg.t0lR3vJm9QyXc1bWkE2aZw.mip1k2ww.mk9xn3ww.9Yp…","expiresAt":1799369123000,"player":{"id":"IoV8-37CFhn7HFfT8VxtMw","name":"Anna","account":false}}
→ POST /api/tables {"variant":"free","start":{"from":"rack","breaker":0}}   (Authorization: Bearer …)
← 201 {"table":{"id":"TKamGqGBTJ2hGchHLVhNmw","status":"waiting",…}}

ws://127.0.0.1:8080/ws
→ {"type":"hello","protocol":${PROTOCOL_VERSION},"token":"IoV8-37CFhn7HFfT8VxtMw.Qm5xTg.t0lR3vJm9QyXc1bWkE2aZw.mip1k2ww.mk9xn3ww.9Yp…"}
← {"type":"welcome","protocol":${PROTOCOL_VERSION},"player":{"id":"IoV8-37CFhn7HFfT8VxtMw","name":"Anna","account":false},"serverNow":1795000000000}
→ {"type":"join","tableId":"TKamGqGBTJ2hGchHLVhNmw","role":"player","ref":"r1"}
← {"type":"joined","tableId":"TKamGqGBTJ2hGchHLVhNmw","role":"player","seat":0,"table":{…"status":"waiting"…},"state":null,…}
   (Boris joins the other seat)
← {"type":"state","tableId":"TKamGqGBTJ2hGchHLVhNmw","table":{…"status":"playing","seq":0…},"state":{…"turn":{"kind":"shot","player":0,"terms":{"kind":"break",…}}},"hash":"…",…}
← {"type":"presence","tableId":"TKamGqGBTJ2hGchHLVhNmw","status":"playing","seats":[{…"presence":"present"},{…"presence":"present"}],"spectators":0}
→ {"type":"stroke","tableId":"TKamGqGBTJ2hGchHLVhNmw","seq":0,"ref":"r2",
   "stroke":{"cueBall":0,"call":null,"placement":{"x":500,"y":887.5},"strike":{"speed":6,"angleDeg":0}}}
← {"type":"stroke","tableId":"TKamGqGBTJ2hGchHLVhNmw","seq":1,"player":0,"stroke":{…},
   "action":{"type":"shot","player":0,"cueBall":0,"placement":{…},"facts":{…}},
   "ruling":{"verdict":"legal",…,"explanation":{"en":"The break is correct. [п.12.1] …"}},
   "state":{…},"hash":"5b0c…","clock":null,"lag":null}
→ {"type":"stroke","tableId":"TKamGqGBTJ2hGchHLVhNmw","seq":1,"ref":"r3","stroke":{…}}
← {"type":"error","code":"seat/not-your-turn","field":"/type","message":"it is your opponent’s shot","ref":"r3"}
\`\`\``;

export function onlineDocs(): string {
  const out: string[] = [];
  out.push(`# Online play: the protocol

<!-- Generated from packages/online (protocol.ts, schema.ts, docs.ts) by
     \`node --conditions=@pyramid/source --import tsx scripts/online-docs.ts\`; a test checks that it is current. Do not edit. -->

One server (\`apps/server\`, started by \`npm start\`) holds every online table. It is the authority:
a client sends **intents** — a stroke as the striker plans it, a decision, a time extension, a chat
line — and never positions or pots. For a stroke the server checks who sent it, that it was made on
the current state (\`seq\`), and asks the referee whether its cue ball, call and placement may be
played (\`checkShotIntent\` of \`@pyramid/rules\`, the same check the referee makes of every shot;
the server holds no rule of its own, so a Classic stroke without a call is played and ruled as the
referee rules it, Classic 5.2–5.4: nothing it pockets counts as called); it simulates the stroke with the same deterministic physics as the client (\`@pyramid/match\`), has the
referee rule on it, appends the action to its database in one transaction, and only then
broadcasts the stroke, the ruling, the new state and its hash. Each client simulates the stroke
itself to animate it and compares the final-state hash; on a mismatch it takes the server's state
and reports a \`desync\`. Every match is kept as a match record that \`pyramid referee\` replays.

The one client library is \`@pyramid/online\` (\`OnlineApi\` for HTTP, \`OnlineClient\` for the
WebSocket): the browser app, the tests and the load benchmark all use it.

## Transport

- HTTP API under \`/api/\`, JSON both ways; a session goes in \`Authorization: Bearer <token>\`.
- WebSocket at \`/ws\` on the same port: JSON text frames, one message each, at most
  ${MAX_MESSAGE_BYTES} bytes. The upgrade is refused (403) when its \`Origin\` is neither the
  server's own nor listed (\`PYRAMID_ORIGINS\`); programs that send no Origin are let through.
- Protocol version ${PROTOCOL_VERSION}. Names are 1–${MAX_NAME_LENGTH} characters (code points) of plain text,
  normalised (NFC, every space a plain single space, trimmed); a name with an invisible character
  (zero-width, soft hyphen, word joiner), a bidi control, a filler that shows blank (U+3164 and the
  like) or a pile of combining marks is refused. Clients show names (and chat) as text, never as
  HTML, and mark accounts' names (\`player.account\`) in a way a typed name cannot imitate.
- Every response carries a content security policy (own origin only, no framing), \`Referrer-Policy:
  no-referrer\` and \`X-Content-Type-Options: nosniff\`; every limit of the HTTP server (requests per
  address, body size, timeouts, connections) is listed in \`docs/deploy.md\`.
- Every client message may carry \`ref\` (≤ 64 characters); an \`error\` answering it echoes it.
- \`seq\` counts the referee actions a table has applied. A \`stroke\`, \`decision\` or
  \`extension\` names the seq it was made on; another one is refused with \`state/stale\`.

## Seats, presence and time

- A table is **waiting** until both seats are taken and present, then **playing**. With no breaker
  given, a lag (п.7) is due: the server draws lots (\`lag.winner\`) and the winner sends the
  \`lag\` decision choosing who breaks.
- A seat of a match not yet started is held only by a player who is there: a player who leaves a
  waiting table (\`leave\`, another \`join\`, or a dropped connection) gives the seat back at once,
  and a seat given to a player who has not come (the table's creator, a quick-match pair) is given
  back after a minute (\`PYRAMID_SEAT_RELEASE_MS\`). A waiting table with no seat held is closed
  (\`finished\`, no winner) by the server's sweep, once a minute.
- A seated player who drops (or leaves) a match in play is **away** for the grace period (120 s by
  default; \`awayUntil\` says when it ends). His shot clock, if it is his shot, is paused with the
  time he had. Past the grace period the match is **adjourned** (not lost): either player resumes it
  later by joining as a player (it is in his lobby under \`mine\`); play goes on once both are back.
- An adjourned match is **forfeited** 24 hours after it was adjourned (\`PYRAMID_FORFEIT_MS\`) to
  the player who is there then, or who comes back after that while his opponent is still away: the
  table is \`finished\` with him as the winner (a rated match counts as his win), and its match
  record, which ends where play stopped, says \`meta.result: "forfeit"\`. If neither comes back,
  the match stays adjourned.
- A rated table rates its match only when both seats are accounts (guests play unrated: a table
  created \`rated\` and played by a guest finishes with \`ratings: null\`). A pair that has played
  rated matches of the variant together in the last 30 days counts 2^-n of a match, n being those
  earlier matches, so two accounts of one person cannot farm a rating; the leaderboard lists a
  rating after 10 rated matches against 5 different opponents.
- Several tabs of one player: the newest \`join\` takes the seat; the older connection is sent
  \`superseded\` and can only watch.
- The shot clock (п.26), when the table has one, runs on the server from the moment a shot is due.
  When it runs out the server applies the referee's own slow-play foul event (§29.1(11)) and
  broadcasts its \`ruling\`. An \`extension\` adds the clock's seconds once, as many times per frame
  as the settings allow. Decisions have no clock. After a server restart the clock of the player to
  act keeps at least 10 s.
- A server killed at any instant keeps every action it broadcast: the action is in the database
  before any client hears of it. At start it restores every unfinished table by replaying its
  stored actions through the referee.

## Limits of a connection

Every number here is also in \`docs/deploy.md\`, with the HTTP server's: requests per address and
route, the body size (64 KiB), the request timeouts (10 s, headers 5 s), sockets per address (64)
and in all (10 000). The shot clock of a table is 10–600 s a shot with at most 10 extensions a
frame. Several server processes share a PostgreSQL database and a Redis server; **Redis must be
private to the server processes**: they trust the identities carried on it (who sent a forwarded
intent), so whoever can publish on it can act as any player.

- A connection's messages are handled strictly one after another, in the order they arrived
  (several in one TCP write included): a \`join\` sent right after \`hello\` finds the session. A
  connection with 256 messages waiting their turn is dropped (code 4008). Only a \`ping\`, which
  changes nothing, is answered at once, ahead of the messages waiting: a \`pong\` never waits for
  an intent held up by a slow or cut-off server process.
- \`hello\` must arrive within 5 s of the upgrade, or the socket is closed (code 4001).
- Every frame counts against the message rate — text, binary (refused: \`protocol/malformed-json\`)
  and WebSocket pings alike: a burst of 40, then 20 a second (\`rate/limited\`). Chat lines: a burst
  of 5, then one every 2 s. \`join\`, \`desync\` and \`log\`, whose answers are large, also count
  against their own limit: a burst of 10, then one a second.
- Refusals are counted in a window, not in a row: past a burst of 100 refusals, earning one back
  every 100 ms, the connection is dropped (code 4008).
- A message is at most ${MAX_MESSAGE_BYTES} bytes (\`protocol/too-large\`; a frame over 64 KiB closes
  the socket).
- When more than 8 MiB wait to be sent to a connection (it is not reading), it is cut off rather
  than given more (an abnormal close, 1006).
- A logout (\`POST /api/logout\`) closes that session's live sockets (code 4002): at once on the
  process that took it, within 5 s on the others. A client does not reconnect with that token.
- The server closes with 4000 when it shuts down (reconnect later).


## Live scoring from a real table

A match played at a real table is scored on a phone and streamed here (\`docs/events.md\`, "Live
scoring from a real table"). A **live match** (\`liveId\`) has a header — variant, table size,
settings, the race (\`framesToWin\`), the players, who breaks (\`null\`: a lag first), the table, and
the event's match when it is one — and a log of **entries** numbered from 1: an action as the match
record stores it, or an undo that withdraws the last action standing. Writing needs a
**capability** (256 random bits, from \`POST /api/events/:id/matches/:match/scoring\` or
\`POST /api/live\`; the server keeps only its hash; the scorer's link carries it in the fragment,
\`/scorer.html#live=<liveId>&cap=<capability>\`) and the **lease**: one device at a time, by its own
random \`device\` id, with an \`epoch\` that grows with each take-over, checked in the transaction of
every write. The scorer:

1. \`score-open\` → \`score-state\` (\`writer\`, \`epoch\`, the stored log, \`seq\` = the stored count);
2. \`score-entries\` with \`seq\` = stored count + 1 (up to ${MAX_ENTRIES_PER_MESSAGE} entries, one message's bytes) → \`score-ack\` with the
   last seq stored, sent only after the store holds them, then \`live\` to every follower;
3. on \`score/conflict\` or \`score/gap\` the error is followed by \`score-state\`: the scorer takes the
   server's log (its queued entries that the log holds are stored; those that contradict it are
   dropped); a resent entry the log holds is acknowledged again, never stored twice;
4. \`score-superseded\` (another device took the lease): stop writing, watch, or \`score-take\` back.

The header of an event's live match follows the event: when the director calls the match to
another table, or a correction changes its players (or race), the header is stored anew and the
followers are sent \`live\` with the new header, the same running score and no entries.

\`ScorerSync\` (\`@pyramid/online\`) is this scorer side, offline first: a queue with the seqs,
persisted through an injected \`QueueStore\` (\`load\`, \`save\`: IndexedDB in the browser), sent in
order whenever there is a connection. Its \`undo()\` takes a queued action that was never sent out
of the queue (the server never hears of it) and withdraws any other by an \`undo\` entry (the queue
keeps the highest seq it ever sent: an entry sent without an acknowledgement may be stored); only
the device holding the lease (or holding it when the network went) records or undoes. Followers
send \`live-watch\` and get \`live\` (the running score as \`MatchLive\`, the entries since) now and
after each stored entry.

## Client → server messages
`);
  for (const type of CLIENT_MESSAGE_TYPES) {
    out.push(`### \`${type}\`\n\n${CLIENT_NOTES[type]}\n\n${json(CLIENT_MESSAGE_SCHEMAS[type])}\n`);
  }
  out.push(
    "## Server → client messages\n\n`MatchState`, `Ruling` and `Settings` are the referee's own types (`@pyramid/rules`); an `action` is a referee action as the match record stores it (see `docs/match-record.md`).\n",
  );
  for (const type of SERVER_MESSAGE_TYPES) {
    out.push(`### \`${type}\`\n\n${SERVER_NOTES[type]}\n\n${json(SERVER_MESSAGE_SCHEMAS[type])}\n`);
  }
  out.push('## Error codes\n\n| code | meaning |\n| --- | --- |');
  for (const code of ONLINE_ERROR_CODES) out.push(`| \`${code}\` | ${ERROR_NOTES[code]} |`);
  out.push('\n## HTTP API\n\n| method | path | body | answer |\n| --- | --- | --- | --- |');
  for (const [method, path, body, answer] of HTTP_ROUTES)
    out.push(`| ${method} | \`${path}\` | ${body} | ${answer} |`);
  out.push('\nRequest bodies, by the name used above:\n');
  for (const [name, schema] of Object.entries(HTTP_REQUEST_SCHEMAS))
    out.push(`### \`${name}\`\n\n${json(schema)}\n`);
  out.push(`## Example session\n\n${EXAMPLE}\n`);
  return `${out.join('\n').trimEnd()}\n`;
}
