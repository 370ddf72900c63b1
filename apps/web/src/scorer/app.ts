/**
 * The scorer's controller: the one place that holds the screen's state, asks the referee, saves
 * the match and re-renders. Views only read this state and call these methods.
 */
import type { Settings, Variant } from '@pyramid/rules';
import { legalActions, type ShotTemplate } from '@pyramid/rules';
import { downloadText, pickFileText, recordFileName } from '../common/files.js';
import { type Lang, translator } from '../common/lang.js';
import { newEntry, type ShotEntry } from './entry.js';
import { type LiveInfo, type LiveNotice, LiveScoring, shareLive } from './live.js';
import {
  currentState,
  newRecord,
  openRecordText,
  recordText,
  type Session,
  submit,
  undo,
} from './session.js';
import {
  currentMatchId,
  deleteMatch,
  describeError,
  type KeyValueStore,
  listMatches,
  loadMatch,
  newMatchId,
  saveMatch,
  setCurrentMatchId,
} from './storage.js';
import { summaryText } from './summary.js';
import { refusalKey, STRINGS, type StringKey, serverWords } from './words.js';

export interface OpenMatch {
  readonly id: string;
  readonly name: string;
  readonly created: string;
  readonly session: Session;
}

export interface Notice {
  readonly kind: 'refused' | 'info';
  readonly title: string;
  readonly text: string;
  /** Addresses to open (and, `copy`, to copy): the live page and overlay of a match shared live. */
  readonly links?: readonly { readonly label: string; readonly href: string; readonly testid: string }[];
  readonly copy?: { readonly label: string; readonly text: string; readonly testid: string };
}

export interface AppState {
  readonly lang: Lang;
  readonly match: OpenMatch | null;
  /** The shot being entered (null when no shot is due). */
  readonly entry: ShotEntry | null;
  /** A ball tapped in "what fell", waiting for its pocket. */
  readonly picked: number | null;
  readonly notice: Notice | null;
  readonly showLog: boolean;
  /** Show the top of the page (scoreboard, ruling or refusal) after this render, not the spot last tapped. */
  readonly top: boolean;
  /** A live match (issue 28): its id, the sync's status and the unsent count; null for a match of this device only. */
  readonly live: LiveInfo | null;
}

export interface StartOptions {
  readonly variant: Variant;
  readonly players: readonly [string, string];
  readonly settings: Partial<Settings>;
}

/** The shot template of the state, when a shot is due. */
export function shotTemplate(session: Session): ShotTemplate | null {
  const first = legalActions(currentState(session))[0];
  return first?.type === 'shot' && 'cueBalls' in first ? first : null;
}

export class App {
  state: AppState;
  private liveScoring: LiveScoring | null = null;
  /** How many entries the live session was drawn with: a new one resets the shot being entered. */
  private liveEntries = -1;

  constructor(
    private readonly store: KeyValueStore,
    lang: Lang,
    private readonly render: (app: App) => void,
    private readonly onLang: (lang: Lang) => void = () => {},
  ) {
    this.state = {
      lang,
      match: null,
      entry: null,
      picked: null,
      notice: null,
      showLog: false,
      top: false,
      live: null,
    };
    const id = currentMatchId(store);
    if (id !== null) {
      const listed = loadMatch(store, id);
      if (listed.status === 'ok')
        this.state = this.withMatch({
          id,
          name: listed.stored.name,
          created: listed.stored.created,
          session: listed.session,
        });
    }
  }

  t(key: StringKey, values?: Readonly<Record<string, string | number>>): string {
    return translator(STRINGS, this.state.lang)(key, values);
  }

  matches() {
    return listMatches(this.store);
  }

  private set(patch: Partial<AppState>): void {
    this.state = { ...this.state, top: false, ...patch };
    this.render(this);
  }

  /** The state with `match` open and a fresh entry for its next shot. */
  private withMatch(match: OpenMatch | null, notice: Notice | null = null): AppState {
    const template = match === null ? null : shotTemplate(match.session);
    return {
      ...this.state,
      match,
      entry: template === null ? null : newEntry(template),
      picked: null,
      notice,
      top: true,
    };
  }

  private persist(match: OpenMatch): void {
    saveMatch(this.store, {
      id: match.id,
      name: match.name,
      created: match.created,
      updated: new Date().toISOString(),
      record: match.session.record,
    });
    setCurrentMatchId(this.store, match.id);
  }

  notify(notice: Notice | null): void {
    this.set({ notice });
  }

  setLang(lang: Lang): void {
    this.onLang(lang);
    this.set({ lang });
  }

  startMatch(options: StartOptions): void {
    const now = new Date();
    const record = newRecord({
      variant: options.variant,
      players: options.players,
      settings: options.settings,
      meta: { date: now.toISOString().slice(0, 10), scorer: 'pyramid web scorer' },
    });
    const session = openRecordText(JSON.stringify(record));
    if (!session.ok) {
      this.set({ notice: { kind: 'refused', title: this.t('refused'), text: describeError(session.error) } });
      return;
    }
    const match: OpenMatch = {
      id: newMatchId(now),
      name: `${options.players[0]} — ${options.players[1]}`,
      created: now.toISOString(),
      session: session.value,
    };
    this.persist(match);
    this.state = this.withMatch(match);
    this.render(this);
  }

  openMatch(id: string): void {
    const listed = loadMatch(this.store, id);
    if (listed.status !== 'ok') {
      this.set({ notice: { kind: 'refused', title: this.t('damaged'), text: listed.reason } });
      return;
    }
    setCurrentMatchId(this.store, id);
    this.state = this.withMatch({
      id,
      name: listed.stored.name,
      created: listed.stored.created,
      session: listed.session,
    });
    this.render(this);
  }

  deleteMatch(id: string): void {
    deleteMatch(this.store, id);
    if (this.state.match?.id === id) this.state = this.withMatch(null);
    this.render(this);
  }

  goHome(): void {
    this.leaveLive();
    setCurrentMatchId(this.store, null);
    this.state = this.withMatch(null);
    this.render(this);
  }

  /** Asks the referee to rule on `action`; a refusal shows its reason and changes nothing. */
  submitAction(action: unknown): boolean {
    const match = this.state.match;
    if (match === null) return false;
    if (this.liveScoring !== null && this.state.live?.canWrite !== true) return false;
    const result = submit(match.session, action);
    if (!result.ok) {
      const { field, message } = result.error;
      this.set({
        notice: { kind: 'refused', title: this.t('refused'), text: field ? `${field}: ${message}` : message },
        top: true,
      });
      return false;
    }
    if (this.liveScoring !== null) {
      // The scorer's referee accepted it: queued for the server, which rules on it again.
      this.state = { ...this.state, notice: null };
      this.liveScoring.record({ kind: 'action', action });
      this.refreshLive();
      return true;
    }
    const next = { ...match, session: result.value };
    this.persist(next);
    this.state = this.withMatch(next);
    this.render(this);
    return true;
  }

  setEntry(entry: ShotEntry, picked: number | null = null): void {
    this.set({ entry, picked, notice: null });
  }

  pick(ball: number | null): void {
    this.set({ picked: ball });
  }

  clearEntry(): void {
    const match = this.state.match;
    const template = match === null ? null : shotTemplate(match.session);
    this.set({ entry: template === null ? null : newEntry(template), picked: null, notice: null });
  }

  undo(): void {
    const match = this.state.match;
    if (match === null || match.session.steps.length === 0) return;
    if (this.liveScoring !== null) {
      // Only the scoring device undoes. A never-sent action leaves the phone's queue; one the server
      // may hold is withdrawn there by a correction (ScorerSync.undo).
      if (this.state.live?.canWrite !== true) return;
      this.state = { ...this.state, notice: null };
      void this.liveScoring.undo();
      this.refreshLive();
      return;
    }
    const next = { ...match, session: undo(match.session) };
    this.persist(next);
    this.state = this.withMatch(next);
    this.render(this);
  }

  toggleLog(): void {
    this.set({ showLog: !this.state.showLog });
  }

  exportRecord(): void {
    const match = this.state.match;
    if (match === null) return;
    downloadText(recordFileName(match.session.record.variant), recordText(match.session));
  }

  /** Imports a record file as a new match. A record that does not replay is refused; nothing changes. */
  async importRecord(): Promise<void> {
    const text = await pickFileText();
    if (text !== null) this.importText(text);
  }

  importText(text: string): void {
    const session = openRecordText(text);
    if (!session.ok) {
      this.set({
        notice: { kind: 'refused', title: this.t('importRefused'), text: describeError(session.error) },
      });
      return;
    }
    const now = new Date();
    const players = currentState(session.value).players;
    const match: OpenMatch = {
      id: newMatchId(now),
      name: `${players[0]} — ${players[1]}`,
      created: now.toISOString(),
      session: session.value,
    };
    this.persist(match);
    this.state = this.withMatch(match);
    this.render(this);
  }

  summary(): string {
    const match = this.state.match;
    return match === null ? '' : summaryText(match.session, this.state.lang);
  }

  /** Shares the summary where the device can, else copies it to the clipboard. */
  async share(): Promise<void> {
    const body = this.summary();
    try {
      if (typeof navigator.share === 'function') {
        await navigator.share({ title: this.t('summaryTitle'), text: body });
        return;
      }
      await navigator.clipboard.writeText(body);
      this.set({ notice: { kind: 'info', title: this.t('copied'), text: body } });
    } catch {
      // Sharing cancelled or the clipboard refused: show the text so it can be copied by hand.
      this.set({ notice: { kind: 'info', title: this.t('summaryTitle'), text: body } });
    }
  }

  print(): void {
    window.print();
  }

  // ── Live scoring (issue 28) ──────────────────────────────────────────────────────────────────

  /** Opens the live match of a scoring link: the header and the log come from the server (or this phone's queue). */
  async openLive(liveId: string, capability: string): Promise<void> {
    this.leaveLive();
    this.liveEntries = -1;
    this.state = {
      ...this.state,
      match: null,
      entry: null,
      notice: null,
      live: { liveId, status: 'offline', socket: 'connecting', pending: 0, canWrite: false, header: null },
    };
    this.render(this);
    this.liveScoring = await LiveScoring.start(liveId, capability, this.t('refereeName'), {
      changed: () => this.refreshLive(),
      notice: (notice) => this.liveNotice(notice),
    });
    this.refreshLive();
  }

  /** "Score here": takes the match over from the device scoring it. */
  scoreHere(): void {
    this.liveScoring?.take();
  }

  /** Resolves once the live queue as it is now is saved on the device. */
  async liveSaved(): Promise<void> {
    await this.liveScoring?.saved();
  }

  private leaveLive(): void {
    if (this.liveScoring === null) return;
    this.liveScoring.close();
    this.liveScoring = null;
    this.state = { ...this.state, live: null };
    if (location.hash !== '') history.replaceState(null, '', location.pathname + location.search);
  }

  private refreshLive(): void {
    const live = this.liveScoring;
    if (live === null) return;
    const info = live.info;
    const session = live.session();
    if (session === null) {
      this.state = { ...this.state, match: null, entry: null, live: info };
      this.render(this);
      return;
    }
    const [a, b] = session.record.players;
    const match: OpenMatch = { id: `live:${live.liveId}`, name: `${a} — ${b}`, created: '', session };
    const count = live.entries().length;
    if (count !== this.liveEntries || this.state.match === null) {
      this.liveEntries = count;
      this.state = { ...this.withMatch(match, this.state.notice), live: info };
    } else {
      // An acknowledgement or a status: the shot being entered stays as it is.
      this.state = { ...this.state, match, live: info, top: false };
    }
    this.render(this);
  }

  private liveNotice(notice: LiveNotice): void {
    const n = (count: number) => this.t('entriesWithdrawn', { n: count });
    const shown: Notice =
      notice.kind === 'refused'
        ? {
            kind: 'refused',
            title: this.t('serverRefused'),
            text: [
              this.t(notice.undo ? 'refusedUndo' : refusalKey(notice.error.code)),
              serverWords(notice.error),
              n(notice.count),
            ].join('\n'),
          }
        : notice.kind === 'conflict'
          ? { kind: 'refused', title: this.t('liveConflict'), text: n(notice.count) }
          : notice.kind === 'superseded'
            ? { kind: 'info', title: this.t('superseded'), text: this.t('supersededText') }
            : notice.kind === 'finished'
              ? { kind: 'info', title: this.t('liveFinished'), text: n(notice.count) }
              : {
                  kind: 'refused',
                  title: this.t('serverRefused'),
                  text: `${this.t(refusalKey(notice.error.code))}\n${serverWords(notice.error)}`,
                };
    this.state = { ...this.state, notice: shown, top: true };
  }

  /** "Share live": the server makes a live match of this friendly match; its actions so far are sent. */
  async shareLive(): Promise<void> {
    const match = this.state.match;
    if (match === null || this.liveScoring !== null) return;
    const shared = await shareLive(match.session, this.t('refereeName'));
    if (!shared.ok) {
      this.set({
        notice: { kind: 'refused', title: this.t('shareLiveRefused'), text: shared.message },
        top: true,
      });
      return;
    }
    const { liveId, capability } = shared.link;
    const actions = match.session.record.actions;
    history.replaceState(null, '', `${location.pathname}${location.search}#live=${liveId}&cap=${capability}`);
    await this.openLive(liveId, capability);
    const opened = this.liveScoring as LiveScoring | null;
    for (const action of actions) opened?.record({ kind: 'action', action });
    const page = new URL(`.${shared.link.pageUrl}`, location.href).href;
    const overlay = new URL(`.${shared.link.overlayUrl}`, location.href).href;
    // Offered to copy at once: the address a referee sends to the players and the club.
    void navigator.clipboard?.writeText(page).catch(() => {});
    this.state = {
      ...this.state,
      notice: {
        kind: 'info',
        title: this.t('sharedLive'),
        text: `${page}\n${overlay}`,
        links: [
          { label: this.t('livePageLink'), href: page, testid: 'shared-page-link' },
          { label: this.t('overlayLink'), href: overlay, testid: 'shared-overlay-link' },
        ],
        copy: { label: this.t('copyPageLink'), text: page, testid: 'copy-page-link' },
      },
    };
    this.refreshLive();
  }

  /** Whether the shown match is a live one. */
  get isLive(): boolean {
    return this.liveScoring !== null;
  }
}
