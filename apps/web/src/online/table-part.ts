/**
 * The online table's own part of the page: a banner on the stage for the states a player must not
 * miss (waiting for an opponent, opponent away, reconnecting, adjourned, opened in another tab) and
 * a panel section with the invite link, the spectator count, the record link and the chat. Chat
 * lines and names are other people's text: they are set with `textContent`, never as HTML.
 */
import { type Lang, translator } from '../common/lang.js';
import { actor, type GameState } from '../game/state/index.js';
import { h } from '../game/ui/dom.js';
import type { TableStatus } from './model.js';
import { ONLINE_STRINGS } from './strings.js';

export interface TableHandlers {
  chat(text: string): void;
  leave(): void;
  /** Plays here again after another tab took the seat. */
  takeBack(): void;
  /** Opens the lobby (to resume an adjourned match later). */
  lobby(): void;
}

/** The banner's state: what the player is told first. */
export type BannerState =
  | 'waiting'
  | 'away'
  | 'reconnecting'
  | 'adjourned'
  | 'replaced'
  | 'connecting'
  | 'over'
  | 'none';

export function bannerState(status: TableStatus, game: GameState): BannerState {
  if (status.connection === 'replaced') return 'replaced';
  if (status.connection === 'reconnecting' || status.connection === 'closed') return 'reconnecting';
  if (status.connection === 'connecting') return 'connecting';
  if (status.adjourned) return 'adjourned';
  if (status.waitingForOpponent) return 'waiting';
  if (game.match.turn.kind === 'match-over') return 'over';
  if (status.away.length > 0) return 'away';
  return 'none';
}

export class TablePart {
  readonly banner = h('div', {
    className: 'online-banner',
    testid: 'online-banner',
    attrs: { role: 'status', 'aria-live': 'polite' },
  });
  /** Under the scoreboard: whose turn, spectators, the record, the invite link while waiting. */
  readonly section = h('section', { className: 'online-section', testid: 'online-table' });
  /** After the controls (a phone keeps the strike in view): the chat and leaving the table. */
  readonly talk = h('section', { className: 'online-section', testid: 'online-talk' });
  private readonly chatList = h('ul', {
    className: 'chat-list',
    testid: 'chat-list',
    attrs: { 'aria-live': 'polite' },
  });
  private readonly chatInput = h('input', {
    testid: 'chat-input',
    attrs: { maxlength: '280', enterkeyhint: 'send' },
  });
  private readonly chatSend = h('button', { testid: 'chat-send' });
  private readonly chatForm = h('form', { className: 'chat-form' }, this.chatInput, this.chatSend);
  private readonly meta = h('div', { className: 'meta' });
  private readonly invite = h('div', { className: 'invite' });
  private readonly inviteInput = h('input', { testid: 'online-invite', attrs: { readonly: '' } });
  private readonly leave = h('button', { testid: 'online-leave' });
  private chatShown = 0;
  private chatFirst: unknown = null;

  constructor(private readonly handlers: TableHandlers) {
    this.chatForm.addEventListener('submit', (event) => {
      event.preventDefault();
      const text = this.chatInput.value.trim();
      if (text === '') return;
      this.handlers.chat(text);
      this.chatInput.value = '';
    });
    this.leave.addEventListener('click', () => this.handlers.leave());
  }

  render(status: TableStatus | null, game: GameState): void {
    if (status === null || game.mode !== 'online') {
      this.banner.replaceChildren();
      delete this.banner.dataset.state;
      this.section.replaceChildren();
      this.talk.replaceChildren();
      return;
    }
    const lang = game.lang;
    const t = translator(ONLINE_STRINGS, lang);
    this.renderBanner(status, game, lang);
    const spectators = h('span', { testid: 'online-spectators' }, t('spectators', { n: status.spectators }));
    spectators.dataset.count = String(status.spectators);
    const seat = h(
      'span',
      { testid: 'online-seat' },
      status.seat === null
        ? t('watchingTable', { a: game.match.players[0], b: game.match.players[1] })
        : turnLine(game, status, lang),
    );
    const record =
      status.recordUrl === null
        ? null
        : h('a', { testid: 'online-record', attrs: { href: status.recordUrl, download: '' } }, t('record'));
    this.meta.replaceChildren(seat, spectators, record ?? '');
    this.inviteInput.value = status.inviteUrl;
    this.inviteInput.setAttribute('aria-label', t('inviteLink'));
    const copy = h(
      'button',
      {
        testid: 'online-copy',
        onclick: () => {
          this.inviteInput.select();
          void navigator.clipboard?.writeText(status.inviteUrl).then(
            () => {
              copy.textContent = t('copied');
            },
            () => undefined,
          );
        },
      },
      t('copy'),
    );
    this.invite.replaceChildren(this.inviteInput, copy);
    this.chatInput.placeholder = t('chatPlaceholder');
    this.chatSend.textContent = t('send');
    this.chatSend.type = 'submit';
    this.leave.textContent = t('leave');
    this.renderChat(status);
    const parts: HTMLElement[] = [this.meta];
    if (status.waitingForOpponent && status.seat !== null) parts.push(this.invite);
    keep(this.section, parts);
    keep(this.talk, [this.chatList, this.chatForm, this.leave]);
  }

  private renderBanner(status: TableStatus, game: GameState, lang: Lang): void {
    const t = translator(ONLINE_STRINGS, lang);
    const state = bannerState(status, game);
    this.banner.dataset.state = state;
    const now = performance.now();
    const seconds = (until: number | null) =>
      until === null ? '…' : String(Math.max(0, Math.ceil((until - now) / 1000)));
    switch (state) {
      case 'none':
        this.banner.replaceChildren();
        return;
      case 'connecting':
        this.banner.replaceChildren(t('connecting'));
        return;
      case 'waiting':
        this.banner.replaceChildren(status.seat === null ? t('connecting') : t('waiting').replace(/:$/, '.'));
        return;
      case 'reconnecting':
        this.banner.replaceChildren(t('reconnecting'));
        return;
      case 'adjourned':
        this.banner.replaceChildren(
          t('adjourned'),
          h('button', { testid: 'online-to-lobby', onclick: () => this.handlers.lobby() }, t('lobby')),
        );
        return;
      case 'replaced':
        this.banner.replaceChildren(
          t('replaced'),
          h('button', { testid: 'online-take-back', onclick: () => this.handlers.takeBack() }, t('takeBack')),
        );
        return;
      case 'over':
        this.banner.replaceChildren(t('over'));
        return;
      case 'away': {
        const text =
          status.seat === null
            ? status.away.map((a) => t('playerAway', { name: a.name, s: seconds(a.until) })).join(' ')
            : t('opponentAway', { s: seconds(status.away[0]?.until ?? null) });
        // The name is another person's text: textContent.
        this.banner.textContent = text;
        return;
      }
    }
  }

  private renderChat(status: TableStatus): void {
    // Lines only ever arrive at the end (a resync may start the list again).
    if (status.chat[0] !== this.chatFirst || status.chat.length < this.chatShown) {
      this.chatList.replaceChildren();
      this.chatShown = 0;
      this.chatFirst = status.chat[0] ?? null;
    }
    for (const line of status.chat.slice(this.chatShown)) {
      const from = h('span', { className: 'from' });
      from.textContent = `${line.from}:`;
      const text = h('span', { className: 'text' });
      text.textContent = line.text;
      this.chatList.append(h('li', { testid: 'chat-line' }, from, text));
    }
    if (status.chat.length > this.chatShown) this.chatList.scrollTop = this.chatList.scrollHeight;
    this.chatShown = status.chat.length;
  }
}

/** Puts `parts` in `slot` unless they are there already (a focused chat input keeps its focus). */
function keep(slot: HTMLElement, parts: readonly HTMLElement[]): void {
  const shown = [...slot.children];
  if (shown.length !== parts.length || shown.some((node, i) => node !== parts[i]))
    slot.replaceChildren(...parts);
}

function turnLine(game: GameState, status: TableStatus, lang: Lang): string {
  const t = translator(ONLINE_STRINGS, lang);
  if (game.match.turn.kind === 'match-over' || status.waitingForOpponent) return '';
  return actor(game) === status.seat ? t('yourTurn') : t('theirTurn');
}
