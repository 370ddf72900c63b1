/**
 * Online play in the page: binds `@pyramid/online` (the HTTP API and `OnlineClient`) to the game's
 * controller and to the online screens. A person's stroke or decision at an online table goes to
 * the server as an intent; the server's broadcast (stroke, ruling, new state, hash) is animated from
 * the client library's own re-simulation and applied as the server's state — on a hash mismatch the
 * library takes the server's positions and reports it, and this page shows them.
 */
import { rackedMatch } from '@pyramid/match';
import {
  type ClientEventOf,
  type ClockInfo,
  type ConnectionStatus,
  type DecisionIntent,
  type LogEntry,
  OnlineApi,
  OnlineClient,
  type OnlineError,
  type QuickMatchResponse,
  type Session,
  type TableInfo,
  type TableSnapshot,
  type WebSocketFactory,
} from '@pyramid/online';
import type { Simulation } from '@pyramid/physics';
import { type Action, type MatchState, type Player, parseAction } from '@pyramid/rules';
import { type Bilingual, translator } from '../common/lang.js';
import type { Controller, RemoteTable, Storage } from '../game/controller.js';
import type { GameState, HistoryEntry } from '../game/state/index.js';
import type { OnlinePart } from '../game/ui/app.js';
import { type LinkRole, playerLink, readPlayerLink, readTableLink, tableLink } from './link.js';
import { LobbyScreen } from './lobby-screen.js';
import type { Identity, LobbyState, LobbyTable, TableOptions, TableStatus } from './model.js';
import { PlayerFeed } from './player-feed.js';
import { PlayerLive } from './player-live.js';
import { ONLINE_STRINGS } from './strings.js';
import { TablePart } from './table-part.js';

export const SESSION_KEY = 'pyramid:online-session';
/** A saved session is refreshed when it has less than this left (tokens live 30 days by default). */
const REFRESH_BEFORE_MS = 15 * 24 * 3600_000;
const QUICK_POLL_MS = 2000;
const LOBBY_REFRESH_MS = 5000;

export interface OnlineSessionOptions {
  /** The server's origin (the page's own). */
  readonly baseUrl: string;
  /** The game page's address (invite links are made from it). */
  readonly pageUrl: string;
  readonly fetch: ConstructorParameters<typeof OnlineApi>[0]['fetch'];
  readonly WebSocket: WebSocketFactory;
  readonly storage: Storage | null;
  /** Re-renders the page (the scoreboard's clock, the panels). */
  readonly refresh: () => void;
  /** Puts the table's link in the address bar (so that a reload takes the seat again), or clears it. */
  readonly setAddress: (url: string | null) => void;
}

const errorText = (error: OnlineError): Bilingual => {
  const field = error.field === '' ? '' : ` (${error.field})`;
  return {
    ru: `${error.message}${field}`,
    en: `${error.message}${field}`,
  };
};

export class OnlineSession implements OnlinePart {
  private readonly api: OnlineApi;
  private readonly table: TablePart;
  private readonly lobbyScreen: LobbyScreen;
  private client: OnlineClient | null = null;
  private identity: Identity | null = null;
  private lobbyShown = false;
  private lobby: LobbyState;
  private status: TableStatus | null = null;
  private readonly simulations = new Map<number, Simulation>();
  private quickTimer: ReturnType<typeof setInterval> | null = null;
  private ticker: ReturnType<typeof setInterval> | null = null;
  private lobbyTimer: ReturnType<typeof setInterval> | null = null;
  /** Your player page's live feed, while the page is shown (player-feed.ts). */
  private playerFeed: PlayerFeed | null = null;
  private readonly playerLive = new PlayerLive();
  /** A follower's guest session for the player-page feed of a visitor who has none of his own. */
  private viewerToken: string | null = null;

  constructor(
    private readonly controller: Controller,
    private readonly options: OnlineSessionOptions,
  ) {
    this.api = new OnlineApi({ baseUrl: options.baseUrl, fetch: options.fetch });
    this.lobby = {
      identity: null,
      tables: [],
      searching: null,
      error: null,
      pending: false,
      link: null,
      linkTable: null,
      board: null,
      page: null,
    };
    this.table = new TablePart({
      chat: (text) => void this.chat(text),
      leave: () => this.leave(),
      takeBack: () => void this.takeBack(),
      lobby: () => {
        this.leave();
      },
    });
    this.lobbyScreen = new LobbyScreen({
      guest: (name) => void this.signIn('guest', name, ''),
      guestTo: (name, role) => {
        const link = this.lobby.link;
        if (link !== null) this.setLobby({ link: { tableId: link.tableId, role } });
        void this.signIn('guest', name, '');
      },
      login: (name, password) => void this.signIn('login', name, password),
      register: (name, password) => void this.signIn('register', name, password),
      signOut: () => this.signOut(),
      create: (options) => void this.create(options),
      quickMatch: (variant) => void this.quickMatch(variant),
      cancelQuickMatch: () => void this.cancelQuickMatch(),
      join: (tableId, role) => void this.join(tableId, role),
      refresh: () => void this.refreshLobby(),
      leaderboard: (variant) => void this.leaderboard(variant),
      myMatches: () => void this.myMatches(),
      openPlayer: (playerId) => void this.openPlayer(playerId),
      invalid: (text) => this.setLobby({ error: text }),
      close: () => {
        this.lobbyShown = false;
        this.stopPlayerFeed();
        this.stopQuickPoll();
        this.options.refresh();
      },
    });
    this.restoreIdentity();
    // A game started locally while at an online table leaves it.
    controller.subscribe((game) => {
      if (game.mode !== 'online' && this.status !== null) {
        this.client?.leave();
        this.dropTable();
      }
    });
  }

  // ── OnlinePart ─────────────────────────────────────────────────────────────────────────────

  get banner(): HTMLElement {
    return this.table.banner;
  }
  get section(): HTMLElement {
    return this.table.section;
  }
  get talk(): HTMLElement {
    return this.table.talk;
  }
  get lobbyLayer(): HTMLElement {
    return this.lobbyScreen.element;
  }

  lobbyOpen(): boolean {
    return this.lobbyShown;
  }

  openLobby(): void {
    this.lobbyShown = true;
    this.setLobby({ error: null });
    void this.refreshLobby();
    // The lists follow the server while the lobby is open.
    if (this.lobbyTimer === null)
      this.lobbyTimer = setInterval(() => {
        if (this.lobbyShown) void this.refreshLobby();
        else this.stopLobbyRefresh();
      }, LOBBY_REFRESH_MS);
  }

  private stopLobbyRefresh(): void {
    if (this.lobbyTimer !== null) clearInterval(this.lobbyTimer);
    this.lobbyTimer = null;
  }

  recordUrl(): string | null {
    return this.status?.recordUrl ?? null;
  }

  render(game: GameState): void {
    this.table.render(this.status, game);
    if (this.lobbyShown) this.lobbyScreen.render(this.lobby, game.lang);
  }

  /** Opens the table a link names (the page was opened with `?table=` or `?watch=`). */
  openLink(url: string): boolean {
    const player = readPlayerLink(url);
    if (player !== null) {
      this.lobbyShown = true;
      void this.openPlayer(player);
      return true;
    }
    const link = readTableLink(url);
    if (link === null) return false;
    this.lobbyShown = true;
    this.setLobby({ link, linkTable: null });
    if (this.identity !== null) void this.join(link.tableId, link.role);
    else void this.describeLink(link.tableId);
    return true;
  }

  /** Reads the linked table (a public read by its id) so that a visitor with no name yet sees what it is. */
  private async describeLink(tableId: string): Promise<void> {
    const result = await this.api.table(tableId);
    if (this.lobby.link?.tableId !== tableId) return;
    if (!result.ok) {
      this.setLobby({ error: errorText(result.error) });
      return;
    }
    this.setLobby({ linkTable: lobbyTable(result.value.table, '') });
  }

  // ── identity ───────────────────────────────────────────────────────────────────────────────

  private restoreIdentity(): void {
    const text = this.options.storage?.getItem(SESSION_KEY) ?? null;
    if (text === null) return;
    try {
      const saved = JSON.parse(text) as Session;
      if (typeof saved.token !== 'string' || typeof saved.player?.name !== 'string') return;
      this.keepSession(saved);
      if (typeof saved.expiresAt !== 'number' || saved.expiresAt - Date.now() < REFRESH_BEFORE_MS)
        void this.refreshSession();
    } catch {
      // A damaged session is forgotten: the player names himself again.
      this.options.storage?.removeItem(SESSION_KEY);
    }
  }

  /** Trades a session near its end for a fresh one; an expired or foreign one is forgotten. */
  private async refreshSession(): Promise<void> {
    const result = await this.api.refresh();
    if (result.ok) this.keepSession(result.value);
    else if (result.error.code === 'auth/invalid-token' || result.error.code === 'auth/expired-token')
      this.signOut();
  }

  private keepSession(session: Session): void {
    this.api.setToken(session.token);
    this.identity = {
      playerId: session.player.id,
      name: session.player.name,
      kind: session.player.account ? 'account' : 'guest',
    };
    try {
      this.options.storage?.setItem(SESSION_KEY, JSON.stringify(session));
    } catch {
      // No storage: the session lasts as long as the page.
    }
    this.stopPlayerFeed();
    this.setLobby({ identity: this.identity, page: null });
  }

  private async signIn(how: 'guest' | 'login' | 'register', name: string, password: string): Promise<void> {
    const trimmed = name.trim();
    if (trimmed === '') {
      this.setLobby({ error: ONLINE_STRINGS.nameFirst });
      return;
    }
    this.setLobby({ pending: true, error: null });
    const result =
      how === 'guest'
        ? await this.api.guest({ name: trimmed })
        : how === 'login'
          ? await this.api.login({ name: trimmed, password })
          : await this.api.register({ name: trimmed, password });
    if (!result.ok) {
      this.setLobby({ pending: false, error: errorText(result.error) });
      return;
    }
    this.closeClient();
    this.keepSession(result.value);
    this.setLobby({ pending: false });
    const link = this.lobby.link;
    if (link !== null) await this.join(link.tableId, link.role);
    else await this.refreshLobby();
  }

  private signOut(): void {
    this.stopPlayerFeed();
    this.closeClient();
    this.identity = null;
    this.api.setToken(null);
    this.options.storage?.removeItem(SESSION_KEY);
    this.setLobby({ identity: null, tables: [], searching: null });
  }

  /** The connection, opened (and authenticated) on first use. */
  private async connected(): Promise<OnlineClient | null> {
    const token = this.api.token;
    if (token === null) {
      this.setLobby({ error: ONLINE_STRINGS.nameFirst });
      return null;
    }
    if (this.client !== null && this.client.status === 'open') return this.client;
    if (this.client === null) {
      this.client = new OnlineClient({ url: this.api.wsUrl(), token, WebSocket: this.options.WebSocket });
      this.listen(this.client);
    }
    const result = await this.client.connect();
    if (!result.ok) {
      if (result.error.code === 'auth/invalid-token' || result.error.code === 'auth/expired-token')
        this.signOut();
      this.setLobby({ error: errorText(result.error) });
      this.closeClient();
      return null;
    }
    return this.client;
  }

  private closeClient(): void {
    const client = this.client;
    this.client = null;
    client?.close();
  }

  // ── the lobby ──────────────────────────────────────────────────────────────────────────────

  private setLobby(change: Partial<LobbyState>): void {
    this.lobby = { ...this.lobby, ...change };
    if (this.lobbyShown) this.options.refresh();
  }

  private async refreshLobby(): Promise<void> {
    if (this.identity === null) return;
    const result = await this.api.lobby();
    if (!result.ok) {
      this.setLobby({ error: errorText(result.error) });
      return;
    }
    const me = this.identity.playerId;
    const seen = new Set<string>();
    const tables: LobbyTable[] = [];
    for (const info of [...result.value.mine, ...result.value.open, ...result.value.live]) {
      if (seen.has(info.id) || info.status === 'finished') continue;
      seen.add(info.id);
      tables.push(lobbyTable(info, me));
    }
    this.setLobby({ tables });
  }

  private async leaderboard(variant: TableOptions['variant']): Promise<void> {
    const result = await this.api.leaderboard(variant, 20);
    if (!result.ok) {
      this.setLobby({ error: errorText(result.error) });
      return;
    }
    const entries = result.value.entries.map((e) => ({
      rank: e.rank,
      playerId: e.player.id,
      name: e.player.name,
      rating: e.rating.rating,
      rd: e.rating.rd,
      games: e.rating.games,
    }));
    this.setLobby({ board: { variant, entries }, error: null });
  }

  /** Opens your player page: its history, and the matches you play now, live. */
  private async myMatches(): Promise<void> {
    if (this.identity !== null) await this.openPlayer(this.identity.playerId);
  }

  /**
   * Opens a player's page — yours or anyone's (the leaderboard's names, a `?player=` link): its
   * history (public reads, no sign-in needed), and the matches he plays now, live.
   */
  private async openPlayer(playerId: string): Promise<void> {
    if (this.lobby.page?.playerId !== playerId) {
      this.stopPlayerFeed();
      this.setLobby({ page: null });
    }
    await this.loadPage(playerId);
    await this.startPlayerFeed(playerId);
  }

  /**
   * The WebSocket wants a session: yours, or else a follower's guest session made once for the
   * page (kept apart from your identity, so that a visitor is not signed in by reading a page).
   */
  private async feedToken(): Promise<string | null> {
    if (this.api.token !== null) return this.api.token;
    if (this.viewerToken !== null) return this.viewerToken;
    const viewer = new OnlineApi({ baseUrl: this.options.baseUrl, fetch: this.options.fetch });
    const made = await viewer.guest({ name: 'Зритель' });
    if (!made.ok) return null;
    this.viewerToken = made.value.token;
    return this.viewerToken;
  }

  private async startPlayerFeed(playerId: string): Promise<void> {
    if (this.lobby.page?.playerId !== playerId) return;
    if (this.playerFeed?.playerId === playerId) return;
    const token = await this.feedToken();
    if (token === null || this.lobby.page?.playerId !== playerId || this.playerFeed?.playerId === playerId)
      return;
    this.stopPlayerFeed();
    this.playerFeed = new PlayerFeed({
      url: this.api.wsUrl(),
      token,
      playerId,
      WebSocket: this.options.WebSocket,
      onLive: (matches) => {
        const page = this.lobby.page;
        if (page === null || page.playerId !== playerId) return;
        const { views, ended } = this.playerLive.receive(matches, playerId);
        this.setLobby({ page: { ...page, live: views } });
        // A match that ended is in the history now: read it again.
        if (ended) void this.loadPage(playerId);
      },
    });
  }

  private stopPlayerFeed(): void {
    this.playerFeed?.close();
    this.playerFeed = null;
    this.playerLive.reset();
  }

  /** A player's ratings, finished matches and events, read from the server (the live part is kept). */
  private async loadPage(playerId: string): Promise<void> {
    const [result, entered] = await Promise.all([this.api.player(playerId), this.api.playerEvents(playerId)]);
    // Another page was opened meanwhile.
    const shown = this.lobby.page;
    if (shown !== null && shown.playerId !== playerId) return;
    if (!result.ok) {
      this.setLobby({ error: errorText(result.error) });
      return;
    }
    const page = result.value;
    this.setLobby({
      error: null,
      page: {
        playerId,
        own: this.identity?.playerId === playerId,
        name: page.player.name,
        url: playerLink(this.options.pageUrl, playerId),
        ratings: Object.entries(page.ratings).flatMap(([variant, r]) =>
          r === undefined
            ? []
            : [{ variant: variant as TableOptions['variant'], rating: r.rating, games: r.games }],
        ),
        matches: page.matches.map((m) => ({
          id: m.id,
          variant: m.variant,
          opponent: m.opponent?.name ?? null,
          result: m.result,
          // Shown from this player's side.
          framesWon: m.seat === 0 ? m.framesWon : [m.framesWon[1], m.framesWon[0]],
          recordUrl: this.api.recordUrl(m.id),
        })),
        events: entered.ok
          ? entered.value.map((e) => ({ id: e.id, name: e.name, place: e.place, finished: e.finished }))
          : [],
        live: shown?.live ?? [],
      },
    });
  }

  private async create(options: TableOptions): Promise<void> {
    this.setLobby({ pending: true, error: null });
    const created = await this.api.createTable({
      variant: options.variant,
      tableSize: options.tableSize,
      framesToWin: options.framesToWin,
      shotClock:
        options.shotClockSeconds === null
          ? null
          : { seconds: options.shotClockSeconds, extensionsPerFrame: 1 },
      settings: options.settings,
      rated: options.rated,
      public: options.listed,
      start: options.breaker === null ? { from: 'rack' } : { from: 'rack', breaker: options.breaker },
    });
    this.setLobby({ pending: false });
    if (!created.ok) {
      this.setLobby({ error: errorText(created.error) });
      return;
    }
    await this.join(created.value.table.id, 'player');
  }

  private async quickMatch(variant: TableOptions['variant']): Promise<void> {
    this.setLobby({ pending: true, error: null });
    // Connected first: the server says 'matched' on the socket as soon as an opponent comes.
    if ((await this.connected()) === null) {
      this.setLobby({ pending: false });
      return;
    }
    const result = await this.api.quickMatch({ variant });
    this.setLobby({ pending: false });
    if (!result.ok) {
      this.setLobby({ error: errorText(result.error) });
      return;
    }
    this.quickAnswer(result.value);
  }

  private quickAnswer(answer: QuickMatchResponse): void {
    if (answer.status === 'matched') {
      this.stopQuickPoll();
      this.setLobby({ searching: null });
      void this.join(answer.tableId, 'player');
    } else if (answer.status === 'waiting') {
      this.setLobby({ searching: answer.variant });
      // Polling keeps the place in the queue and finds the match should the socket miss it.
      if (this.quickTimer === null)
        this.quickTimer = setInterval(() => {
          void this.api.quickMatchStatus().then((r) => {
            if (r.ok && this.lobby.searching !== null) this.quickAnswer(r.value);
          });
        }, QUICK_POLL_MS);
    } else {
      this.stopQuickPoll();
      this.setLobby({ searching: null });
    }
  }

  private async cancelQuickMatch(): Promise<void> {
    this.stopQuickPoll();
    this.setLobby({ searching: null });
    await this.api.cancelQuickMatch();
  }

  private stopQuickPoll(): void {
    if (this.quickTimer !== null) clearInterval(this.quickTimer);
    this.quickTimer = null;
  }

  // ── the table ──────────────────────────────────────────────────────────────────────────────

  private async join(tableId: string, role: LinkRole): Promise<void> {
    this.setLobby({ pending: true, error: null });
    const client = await this.connected();
    if (client === null) {
      this.setLobby({ pending: false });
      return;
    }
    const joined = await client.join(tableId, role);
    this.setLobby({ pending: false });
    if (!joined.ok) {
      this.setLobby({ error: errorText(joined.error), link: null, linkTable: null });
      return;
    }
    this.stopQuickPoll();
    this.stopPlayerFeed();
    this.lobbyShown = false;
    this.setLobby({ link: null, linkTable: null, searching: null, page: null });
    this.options.setAddress(
      tableLink(this.options.pageUrl, tableId, joined.value.seat === null ? 'spectator' : 'player'),
    );
    this.options.refresh();
  }

  private remoteFor(client: OnlineClient): RemoteTable {
    const refused = (error: OnlineError) =>
      this.controller.serverRefused({
        ru: translator(ONLINE_STRINGS, 'ru')('refusedByServer', { why: errorText(error).ru }),
        en: translator(ONLINE_STRINGS, 'en')('refusedByServer', { why: errorText(error).en }),
      });
    return {
      stroke: (shot) => {
        void client.stroke(shot).then((r) => {
          if (!r.ok) refused(r.error);
        });
      },
      decide: (action: Action) => {
        const sent =
          action.type === 'extension' ? client.extension() : client.decision(action as DecisionIntent);
        void sent.then((r) => {
          if (!r.ok) refused(r.error);
        });
      },
    };
  }

  private listen(client: OnlineClient): void {
    const mine = () => this.client === client;
    client.on('joined', (m) => mine() && this.takeSnapshot(client, m, m.seat));
    client.on('state', (m) => mine() && this.takeSnapshot(client, m, client.seat));
    client.on('verified', (m) => {
      if (!mine()) return;
      if (m.simulation !== null) this.simulations.set(m.seq, m.simulation.simulation);
      if (!m.match) {
        this.setStatus({ desynced: true });
        this.controller.dispatch({ type: 'notice', notice: { kind: 'info', text: ONLINE_STRINGS.desync } });
      }
    });
    client.on('stroke', (m) => {
      if (!mine()) return;
      const simulation = this.simulations.get(m.seq) ?? null;
      this.simulations.clear();
      this.takeAction(
        client,
        m.action,
        m.ruling,
        m.state,
        m.stroke,
        simulation,
        m.clock,
        m.lag?.winner ?? null,
      );
    });
    client.on('ruling', (m) => {
      if (!mine()) return;
      this.takeAction(client, m.action, m.ruling, m.state, null, null, m.clock, m.lag?.winner ?? null);
    });
    client.on('clock', (m) => {
      if (!mine()) return;
      this.takeClock(client, m.clock);
      this.options.refresh();
    });
    client.on('presence', (m) => {
      if (!mine() || client.table === null) return;
      this.takeTable(client, client.table);
      this.controller.dispatch({
        type: 'online-status',
        live: m.status === 'playing' && client.seat !== null,
        waiting: m.status === 'waiting',
        lagWinner: client.lag?.winner ?? null,
      });
    });
    client.on('chat', (m) => {
      if (!mine() || this.status === null) return;
      const chat = [...this.status.chat, { from: m.line.from.name, text: m.line.text }].slice(-100);
      this.setStatus({ chat });
    });
    client.on('finished', () => {
      if (!mine()) return;
      this.controller.dispatch({ type: 'online-status', live: false, waiting: false, lagWinner: null });
    });
    client.on('matched', (m) => {
      if (!mine() || this.lobby.searching === null) return;
      this.quickAnswer({ status: 'matched', tableId: m.tableId });
    });
    client.on('superseded', () => {
      if (!mine()) return;
      this.watchOnly();
    });
    client.on('status', (m) => {
      if (!mine() || this.status === null) return;
      this.setStatus({ connection: connectionOf(m.status) });
    });
    client.on('error', (m) => {
      // Errors that answer a request are shown by the request; the rest are said here.
      if (!mine() || m.ref !== undefined) return;
      this.controller.dispatch({ type: 'notice', notice: { kind: 'error', text: errorText(m) } });
    });
  }

  /** The whole table: on joining, after a reconnection, when the match starts, after a desync report. */
  private takeSnapshot(client: OnlineClient, snapshot: TableSnapshot, seat: Player | null): void {
    const info = snapshot.table;
    const match = snapshot.state ?? waitingRack(info);
    this.simulations.clear();
    this.controller.connect(seat === null ? null : this.remoteFor(client));
    const previous = this.status?.tableId === info.id ? this.status : null;
    this.status = {
      tableId: info.id,
      seat,
      connection: connectionOf(client.status),
      away: [],
      waitingForOpponent: false,
      adjourned: false,
      spectators: 0,
      chat: snapshot.chat.map((line) => ({ from: line.from.name, text: line.text })),
      inviteUrl: tableLink(this.options.pageUrl, info.id, 'player'),
      watchUrl: tableLink(this.options.pageUrl, info.id, 'spectator'),
      recordUrl: this.api.recordUrl(info.id),
      desynced: previous?.desynced ?? false,
    };
    this.takeTable(client, info);
    this.takeClock(client, snapshot.clock);
    this.controller.dispatch({
      type: 'online-table',
      match,
      history: historyOf(snapshot.log, match),
      start: {},
      seat,
      live: info.status === 'playing' && seat !== null && client.status !== 'superseded',
      waiting: info.status === 'waiting',
      lagWinner: snapshot.lag?.winner ?? null,
    });
  }

  /**
   * Another tab of this player took the seat: the server counts this one a spectator, so the page
   * shows it as one (no "Your turn", no strike controls) until "Play here" takes the seat back.
   */
  private watchOnly(): void {
    if (this.status === null) return;
    const game = this.controller.state;
    this.controller.connect(null);
    this.status = { ...this.status, seat: null };
    this.controller.dispatch({
      type: 'online-table',
      match: game.match,
      history: game.history,
      start: game.start,
      seat: null,
      live: false,
      waiting: false,
      lagWinner: null,
    });
  }

  private takeAction(
    client: OnlineClient,
    recorded: unknown,
    ruling: LogEntry['ruling'],
    state: MatchState,
    shot: ClientEventOf<'stroke'>['stroke'] | null,
    simulation: Simulation | null,
    clock: ClockInfo | null,
    lagWinner: Player | null,
  ): void {
    const action = parseAction(recorded, null);
    this.takeClock(client, clock);
    if (!action.ok) {
      // The server's record action always parses; if it ever did not, take the whole state again.
      if (client.tableId !== null && client.role !== null) void client.join(client.tableId, client.role);
      return;
    }
    void this.controller.serverAction({ action: action.value, ruling, state, shot, simulation }).then(() => {
      if (!this.controller.state.online) return;
      this.controller.dispatch({
        type: 'online-status',
        live: client.table?.status === 'playing' && client.seat !== null && client.status !== 'superseded',
        waiting: false,
        lagWinner,
      });
    });
  }

  private takeClock(client: OnlineClient, clock: ClockInfo | null): void {
    const left = clock === null ? null : client.clockRemainingMs();
    this.controller.serverClock =
      clock === null || left === null
        ? null
        : { remainingMs: left, at: performance.now(), running: !clock.paused && clock.deadline !== null };
  }

  /** Presence, the table's status and the spectators. */
  private takeTable(client: OnlineClient, info: TableInfo): void {
    if (this.status === null) return;
    const seat = this.status.seat;
    const offset = client.clockOffsetMs;
    const away = ([0, 1] as const).flatMap((s) => {
      const occupant = info.seats[s];
      if (occupant === null || occupant === undefined || s === seat || occupant.presence !== 'away')
        return [];
      const until =
        occupant.awayUntil === null ? null : performance.now() + (occupant.awayUntil - (Date.now() + offset));
      return [{ seat: s, name: occupant.player.name, until }];
    });
    this.setStatus({
      away,
      waitingForOpponent: info.status === 'waiting',
      adjourned: info.status === 'adjourned',
      spectators: info.spectators,
    });
  }

  private setStatus(change: Partial<TableStatus>): void {
    if (this.status === null) return;
    this.status = { ...this.status, ...change };
    // The away countdown ticks while someone is away.
    if (this.status.away.length > 0 && this.ticker === null)
      this.ticker = setInterval(() => this.options.refresh(), 1000);
    if (this.status.away.length === 0 && this.ticker !== null) {
      clearInterval(this.ticker);
      this.ticker = null;
    }
    this.options.refresh();
  }

  private async chat(text: string): Promise<void> {
    const client = this.client;
    if (client === null) return;
    const sent = await client.chat(text);
    if (!sent.ok)
      this.controller.dispatch({ type: 'notice', notice: { kind: 'refused', text: errorText(sent.error) } });
  }

  /** After another tab took the seat: take it back here (that tab is told in turn). */
  private async takeBack(): Promise<void> {
    const tableId = this.status?.tableId;
    if (tableId === undefined) return;
    this.closeClient();
    await this.join(tableId, 'player');
  }

  /** Leaves the table for the lobby. */
  private leave(): void {
    this.client?.leave();
    this.dropTable();
    this.controller.dispatch({ type: 'setup-screen' });
    this.openLobby();
  }

  private dropTable(): void {
    this.status = null;
    this.simulations.clear();
    this.controller.connect(null);
    if (this.ticker !== null) clearInterval(this.ticker);
    this.ticker = null;
    this.options.setAddress(null);
  }
}

function connectionOf(status: ConnectionStatus): TableStatus['connection'] {
  switch (status) {
    case 'open':
      return 'open';
    case 'reconnecting':
      return 'reconnecting';
    case 'superseded':
      return 'replaced';
    case 'closed':
      return 'closed';
    default:
      return 'connecting';
  }
}

function lobbyTable(info: TableInfo, me: string): LobbyTable {
  const name = (s: 0 | 1) => info.seats[s]?.player.name ?? null;
  return {
    id: info.id,
    variant: info.options.variant,
    framesToWin: info.options.settings.framesToWin,
    tableSize: info.options.tableSize,
    rated: info.options.rated,
    names: [name(0), name(1)],
    accounts: [info.seats[0]?.player.account === true, info.seats[1]?.player.account === true],
    shotClockSeconds: info.options.settings.shotClock?.seconds ?? null,
    state: info.status === 'waiting' ? 'open' : info.status === 'adjourned' ? 'adjourned' : 'playing',
    spectators: info.spectators,
    mine: info.seats.some((s) => s?.player.id === me),
  };
}

/** The rack shown while a table waits for its second player. */
function waitingRack(info: TableInfo): MatchState {
  const a = info.seats[0]?.player.name ?? '…';
  const b = info.seats[1]?.player.name ?? (a === '…' ? '… ' : '…');
  return rackedMatch(info.options.variant, {
    breaker: 0,
    settings: info.options.settings,
    tableSize: info.options.tableSize,
    players: [a, b === a ? `${b} (2)` : b],
  });
}

/**
 * The rulings log from the server's snapshot. The log carries each action and ruling but not the
 * state before it, so these entries have no stroke to replay (their `before` is the state joined).
 */
function historyOf(log: readonly LogEntry[], joined: MatchState): HistoryEntry[] {
  const out: HistoryEntry[] = [];
  for (const entry of log) {
    const action = parseAction(entry.action, null);
    if (action.ok) out.push({ action: action.value, ruling: entry.ruling, before: joined, shot: null });
  }
  return out;
}
