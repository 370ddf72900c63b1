/**
 * The match screen: the scoreboard, the last ruling in plain words, what is due now (a lag, a
 * decision or a shot), the fouls outside a shot, the tools (undo, export, import, share, print)
 * and the log of every ruling.
 */
import {
  CITES,
  EVENT_FOUL_ITEMS,
  type LegalAction,
  legalActions,
  type MatchState,
  type Ruling,
  VARIANT_NAMES,
} from '@pyramid/rules';
import type { Lang } from '../common/lang.js';
import { type App, type Notice, shotTemplate } from './app.js';
import { button, h } from './dom.js';
import { currentState, lastRuling, type Session } from './session.js';
import { frameResults } from './summary.js';
import { liveBar } from './view-live.js';
import { ballChip, shotForm } from './view-shot.js';
import { ballLabel, citeText, decisionHeading, EVENT_FOUL_NAMES, rulingView, turnText } from './words.js';

function scoreboard(app: App, state: MatchState): HTMLElement {
  const lang = app.state.lang;
  const turn = state.turn;
  const active = turn.kind === 'shot' ? turn.player : turn.kind === 'decision' ? turn.decision.player : null;
  const side = (p: 0 | 1) =>
    h(
      'div',
      { class: `side${active === p ? ' active' : ''}`, testid: `side-${p}` },
      h('div', { class: 'name', text: state.players[p] }),
      h('div', { class: 'points', testid: `score-${p}`, text: String(state.scores[p]) }),
      h('div', { class: 'frames', testid: `frames-${p}`, text: `${app.t('frames')}: ${state.framesWon[p]}` }),
      h('div', {
        class: 'shelf',
        testid: `shelf-${p}`,
        text: `${app.t('shelf')}: ${state.shelves[p].map((b) => ballLabel(b, lang)).join(' ') || '—'}`,
      }),
    );
  return h(
    'section',
    { class: 'scoreboard', testid: 'scoreboard' },
    h('div', {
      class: 'variant',
      text: `${VARIANT_NAMES[state.variant][lang]} · ${app.t('frame', { n: state.frame })}`,
    }),
    h('div', { class: 'sides' }, side(0), side(1)),
    h('div', { class: 'turn', testid: 'turn', text: turnText(turn, state.players, lang) }),
  );
}

export function rulingCard(
  ruling: Ruling,
  players: readonly [string, string],
  lang: Lang,
  testid = 'ruling',
): HTMLElement {
  const view = rulingView(ruling, players, lang);
  return h(
    'section',
    { class: `card ruling ${ruling.verdict}`, testid },
    h('div', { class: 'verdict', testid: `${testid}-verdict`, text: view.verdict }),
    view.fouls.length === 0
      ? null
      : h(
          'ul',
          { class: 'fouls', testid: `${testid}-fouls` },
          ...view.fouls.map((f) => h('li', { text: f })),
        ),
    h('div', { class: 'score', testid: `${testid}-score`, text: view.score }),
    view.shelved === null ? null : h('div', { testid: `${testid}-shelved`, text: view.shelved }),
    view.respots.length === 0
      ? null
      : h(
          'div',
          { class: 'respots', testid: `${testid}-respots` },
          ...view.respots.map((r) => h('div', { text: r })),
        ),
    h('div', { class: 'next', testid: `${testid}-next`, text: view.next }),
    h(
      'ul',
      { class: 'reasons' },
      ...view.reasons.map((r) => h('li', {}, h('span', { class: 'cite', text: r.cite }), ` ${r.text}`)),
    ),
  );
}

/** The decision or lag now due, offered exactly as `legalActions` lists it. */
function decisionPanel(app: App, state: MatchState, actions: readonly LegalAction[]): HTMLElement | null {
  const lang = app.state.lang;
  const turn = state.turn;
  const [a, b] = state.players;
  if (turn.kind === 'lag') {
    const title =
      turn.reason === 'play-off'
        ? app.t('lagPlayOff')
        : turn.reason === 'interference'
          ? app.t('lagInterference', { cite: citeText(CITES.interference, lang) })
          : app.t('lag');
    return h(
      'section',
      { class: 'card due', testid: 'lag-panel' },
      h('h2', { text: title }),
      ...actions.flatMap((action) =>
        action.type === 'lag'
          ? [
              button(
                app.t('lagOption', {
                  winner: action.winner === 0 ? a : b,
                  first: action.first === 0 ? a : b,
                }),
                {
                  class: 'wide',
                  testid: `lag-${action.winner}-${action.first}`,
                  onClick: () =>
                    app.submitAction({ type: 'lag', winner: action.winner, first: action.first }),
                },
              ),
            ]
          : [],
      ),
    );
  }
  if (turn.kind !== 'decision') return null;
  const decision = turn.decision;
  const who = state.players[decision.player];
  if (decision.kind === 'dynamic-option') {
    return h(
      'section',
      { class: 'card due', testid: 'option-panel' },
      h('h2', { text: decisionHeading(decision.kind, who, state.variant, lang) }),
      button(app.t('option1'), {
        class: 'wide',
        testid: 'dynamic-option-1',
        onClick: () => app.submitAction({ type: 'dynamic-option', player: decision.player, option: 1 }),
      }),
      button(app.t('option2'), {
        class: 'wide',
        testid: 'dynamic-option-2',
        onClick: () => app.submitAction({ type: 'dynamic-option', player: decision.player, option: 2 }),
      }),
    );
  }
  const kind = decision.kind;
  return h(
    'section',
    { class: 'card due', testid: `${kind}-panel` },
    h('h2', { text: decisionHeading(kind, who, state.variant, lang) }),
    h(
      'div',
      { class: 'chips' },
      ...actions.flatMap((action) =>
        action.type === kind
          ? [
              ballChip(action.ball, lang, {
                testid: `${kind}-${action.ball}`,
                onClick: () => app.submitAction({ type: kind, player: action.player, ball: action.ball }),
              }),
            ]
          : [],
      ),
    ),
  );
}

/** Fouls outside a shot, §27 and extensions: whatever `legalActions` lists besides the shot. */
function outsidePanel(app: App, state: MatchState, actions: readonly LegalAction[]): HTMLElement | null {
  const lang = app.state.lang;
  const buttons: HTMLElement[] = [];
  for (const action of actions) {
    if (action.type === 'foul') {
      const name = EVENT_FOUL_NAMES[action.foul];
      buttons.push(
        button(`${state.players[action.player]}: ${EVENT_FOUL_ITEMS[action.foul]} ${name[lang]}`, {
          class: 'wide',
          testid: `event-${action.foul}-${action.player}`,
          onClick: () => app.submitAction({ type: 'foul', player: action.player, foul: action.foul }),
        }),
      );
    } else if (action.type === 'interference') {
      buttons.push(
        button(
          app.t(action.restorable ? 'interferenceRestorable' : 'interferenceNot', {
            cite: citeText(CITES.interference, lang),
          }),
          {
            class: 'wide',
            testid: action.restorable ? 'interference-restorable' : 'interference-lost',
            onClick: () => app.submitAction({ type: 'interference', restorable: action.restorable }),
          },
        ),
      );
    } else if (action.type === 'extension') {
      buttons.push(
        button(`${state.players[action.player]}: ${app.t('extension')}`, {
          class: 'wide',
          testid: 'extension',
          onClick: () => app.submitAction({ type: 'extension', player: action.player }),
        }),
      );
    }
  }
  if (buttons.length === 0) return null;
  return h(
    'details',
    { class: 'card outside', testid: 'outside' },
    h('summary', { text: app.t('outside') }),
    ...buttons,
  );
}

function logView(app: App, session: Session): HTMLElement {
  const lang = app.state.lang;
  const players = currentState(session).players;
  const list = h('ol', { class: 'log', testid: 'log' });
  let frame = session.initial.frame;
  list.append(h('li', { class: 'frame-head', text: app.t('frame', { n: frame }) }));
  session.steps.forEach((step, index) => {
    const view = rulingView(step.ruling, players, lang);
    list.append(
      h(
        'li',
        { class: `log-entry ${step.ruling.verdict}`, testid: 'log-entry' },
        h('strong', { text: `${index + 1}. ${view.verdict}` }),
        ` ${view.fouls.join('; ')} · ${view.score}`,
        h('div', { class: 'reasons', text: view.reasons.map((r) => `[${r.cite}] ${r.text}`).join(' ') }),
      ),
    );
    if (step.ruling.frameWinner !== null && step.ruling.matchWinner === null) {
      frame += 1;
      list.append(h('li', { class: 'frame-head', text: app.t('frame', { n: frame }) }));
    }
  });
  return list;
}

/** Copies a text; says so on the button (the clipboard may refuse: the text is on the card too). */
function copyButton(app: App, copy: NonNullable<Notice['copy']>): HTMLButtonElement {
  const b = button(copy.label, { class: 'small', testid: copy.testid });
  b.addEventListener('click', () => {
    void navigator.clipboard?.writeText(copy.text).then(
      () => {
        b.textContent = app.t('linkCopied');
      },
      () => {},
    );
  });
  return b;
}

export function matchView(app: App, session: Session): HTMLElement {
  const lang = app.state.lang;
  const state = currentState(session);
  const actions = legalActions(state);
  const ruling = lastRuling(session);
  const live = app.state.live;
  // A live match: only the device holding the lease enters anything (the others watch).
  const canEnter = live === null || live.canWrite;
  const main = h(
    'main',
    { class: 'match', testid: 'match-screen' },
    live === null ? null : liveBar(app, live),
    scoreboard(app, state),
  );
  const notice = app.state.notice;
  if (notice !== null) {
    main.append(
      h(
        'section',
        {
          class: `card notice ${notice.kind}`,
          testid: notice.kind === 'refused' ? 'refusal' : 'notice',
          attrs: { role: 'alert' },
        },
        h('strong', { text: notice.title }),
        h('pre', { text: notice.text }),
        ...(notice.links ?? []).map((link) =>
          h('a', {
            class: 'notice-link',
            testid: link.testid,
            text: link.label,
            attrs: { href: link.href, target: '_blank', rel: 'noopener' },
          }),
        ),
        notice.copy === undefined ? null : copyButton(app, notice.copy),
      ),
    );
  }
  if (state.turn.kind === 'match-over') {
    main.append(
      h('section', {
        class: 'card winner',
        testid: 'winner',
        text: app.t('winner', { name: state.players[state.turn.winner] }),
      }),
    );
  }
  if (ruling !== null) {
    if (live !== null && live.pending > 0 && live.status === 'writing') {
      // Online: the ruling is shown once the server has it (its acknowledgement comes in milliseconds).
      main.append(
        h('section', { class: 'card ruling sending', testid: 'ruling-sending', text: app.t('sending') }),
      );
    } else {
      const card = rulingCard(ruling, state.players, lang);
      if (live !== null && live.pending > 0) {
        // Offline: the scorer's own ruling, marked as not yet the server's.
        card.classList.add('unsent');
        card.prepend(h('div', { class: 'unsent-mark', testid: 'ruling-unsent', text: app.t('notYetSent') }));
      }
      main.append(card);
    }
  }
  // What the referee reads (the score, the last ruling) and what he enters: two columns on a phone on
  // its side (scorer.css), one after the other otherwise.
  const reads = main.children.length;
  const due = canEnter ? decisionPanel(app, state, actions) : null;
  if (due !== null) main.append(due);
  const template = shotTemplate(session);
  if (canEnter && template !== null && app.state.entry !== null)
    main.append(h('section', { class: 'card due' }, shotForm(app, state, template, app.state.entry)));
  const outside = canEnter ? outsidePanel(app, state, actions) : null;
  if (outside !== null) main.append(outside);
  main.append(
    h(
      'section',
      { class: 'card tools', testid: 'tools' },
      button(app.t('undo'), {
        testid: 'undo',
        disabled: session.steps.length === 0 || !canEnter,
        onClick: () => app.undo(),
      }),
      button(app.t('export'), { testid: 'export', onClick: () => app.exportRecord() }),
      live === null
        ? button(app.t('import'), { testid: 'import', onClick: () => void app.importRecord() })
        : null,
      live === null
        ? button(app.t('shareLive'), { testid: 'share-live', onClick: () => void app.shareLive() })
        : null,
      button(app.t('share'), { testid: 'share', onClick: () => void app.share() }),
      button(app.t('print'), { testid: 'print', onClick: () => app.print() }),
      button(app.t('log'), {
        testid: 'toggle-log',
        pressed: app.state.showLog,
        onClick: () => app.toggleLog(),
      }),
    ),
  );
  const results = frameResults(session);
  main.append(
    h(
      'section',
      { class: 'card frames-table', testid: 'frames' },
      h('h3', { text: `${app.t('frames')}: ${state.framesWon[0]}:${state.framesWon[1]}` }),
      ...results.map((r) =>
        h('div', {
          text: `${app.t('frame', { n: r.frame })}: ${r.scores[0]}:${r.scores[1]}${r.winner === null ? '' : ` — ${state.players[r.winner]}`}`,
        }),
      ),
    ),
  );
  // The log is always in the page for printing; on screen it opens on demand.
  main.append(
    h(
      'section',
      { class: `card log-box${app.state.showLog ? ' open' : ''}` },
      h('h3', { text: app.t('log') }),
      logView(app, session),
    ),
  );
  const parts = [...main.children];
  main.replaceChildren(
    h('div', { class: 'reads' }, ...(parts.slice(0, reads) as HTMLElement[])),
    h('div', { class: 'enters' }, ...(parts.slice(reads) as HTMLElement[])),
  );
  return main;
}
