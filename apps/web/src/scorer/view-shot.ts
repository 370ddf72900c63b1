/**
 * The shot form: what the referee saw, in a few taps. It offers only the choices the referee's
 * `legalActions` template lists (cue balls, calls) and the balls on the table, greying out any the
 * referee's `checkShotIntent` would refuse; whether the shot as entered is possible is the
 * referee's to say when it is submitted.
 */
import {
  type BallId,
  CITES,
  COLOURED,
  type MatchState,
  type ShotTemplate,
  STROKE_FOUL_ITEMS,
  STROKE_FOULS,
} from '@pyramid/rules';
import { POCKET_IDS, POCKET_NAMES, type PocketId } from '@pyramid/table';
import type { Lang } from '../common/lang.js';
import type { App } from './app.js';
import { button, h } from './dom.js';
import {
  addJumped,
  addPocketed,
  type CushionCount,
  choiceAllowed,
  offersAllInHouse,
  removeBall,
  type ShotEntry,
  shotAction,
  toggleStrokeFoul,
} from './entry.js';
import { ballLabel, citeText, FOUL_NAMES, POCKET_SHORT } from './words.js';

/** A ball as a round chip: 1–15 white, the coloured ball yellow. */
export function ballChip(
  ball: BallId,
  lang: Lang,
  props: { testid: string; pressed?: boolean; disabled?: boolean; onClick: () => void },
): HTMLButtonElement {
  return button(ball === COLOURED ? '●' : String(ball), {
    class: `ball${ball === COLOURED ? ' coloured' : ''}`,
    testid: props.testid,
    pressed: props.pressed ?? false,
    disabled: props.disabled ?? false,
    title: ballLabel(ball, lang),
    attrs: { 'aria-label': ballLabel(ball, lang) },
    onClick: props.onClick,
  });
}

/** The six pockets laid out like the table seen from the house end: back pockets on top, the house at the bottom. */
export function pocketPad(
  lang: Lang,
  prefix: string,
  selected: PocketId | null,
  onPick: (pocket: PocketId) => void,
  allowed: (pocket: PocketId) => boolean = () => true,
): HTMLElement {
  const pocket = (id: PocketId) =>
    button(POCKET_SHORT[id][lang], {
      class: 'pocket',
      testid: `${prefix}-${id}`,
      pressed: id === selected,
      disabled: !allowed(id),
      title: POCKET_NAMES[id][lang],
      onClick: () => onPick(id),
    });
  return h(
    'div',
    { class: 'pockets' },
    pocket('BL'),
    pocket('BR'),
    pocket('ML'),
    h('div', { class: 'cloth', text: lang === 'ru' ? 'стол' : 'table' }),
    pocket('MR'),
    pocket('FL'),
    h('div', { class: 'house', text: lang === 'ru' ? 'дом' : 'house' }),
    pocket('FR'),
  );
}

function section(title: string, ...children: (Node | null | false)[]): HTMLElement {
  return h('section', { class: 'block' }, h('h3', { text: title }), ...children);
}

function toggle(
  label: string,
  testid: string,
  on: boolean,
  flip: () => void,
  disabled = false,
): HTMLButtonElement {
  return button(label, { class: 'toggle', testid, pressed: on, disabled, onClick: flip });
}

export function shotForm(app: App, state: MatchState, template: ShotTemplate, entry: ShotEntry): HTMLElement {
  const lang = app.state.lang;
  const set = (next: ShotEntry, picked: number | null = null) => app.setEntry(next, picked);
  const isBreak = template.kind === 'break';
  const form = h('div', { class: 'shot-form', testid: 'shot-form' });

  if (template.cueBalls.length > 1) {
    form.append(
      section(
        app.t('cueBall'),
        h(
          'div',
          { class: 'chips' },
          ...template.cueBalls.map((ball) =>
            ballChip(ball, lang, {
              testid: `cue-ball-${ball}`,
              pressed: entry.cueBall === ball,
              disabled: !choiceAllowed(state, template, entry, { cueBall: ball }),
              onClick: () => set({ ...entry, cueBall: ball }),
            }),
          ),
        ),
      ),
    );
  }

  if (template.calls !== null) {
    const callBalls = [...new Set(template.calls.map((c) => c.ball))];
    const callPockets = (
      entry.callBall === null ? [] : template.calls.filter((c) => c.ball === entry.callBall)
    ).map((c) => c.pocket);
    const called = entry.callBall !== null && entry.callPocket !== null;
    const callAllowed = (ball: BallId, pocket: PocketId) =>
      choiceAllowed(state, template, entry, { call: { ball, pocket } });
    form.append(
      section(
        app.t('call'),
        h(
          'div',
          { class: 'chips' },
          ...callBalls.map((ball) =>
            ballChip(ball, lang, {
              testid: `call-ball-${ball}`,
              pressed: entry.callBall === ball,
              disabled: !POCKET_IDS.some((pocket) => callAllowed(ball, pocket)),
              onClick: () => set({ ...entry, callBall: ball }),
            }),
          ),
        ),
        entry.callBall === null
          ? null
          : pocketPad(
              lang,
              'call-pocket',
              entry.callPocket,
              (pocket) => {
                if (callPockets.includes(pocket)) set({ ...entry, callPocket: pocket });
              },
              (pocket) => callAllowed(entry.callBall!, pocket),
            ),
        called
          ? button(
              lang === 'ru'
                ? `Заказ выполнен: шар ${entry.callBall} в ${POCKET_NAMES[entry.callPocket!].ru}`
                : `Call made: ball ${entry.callBall} in the ${POCKET_NAMES[entry.callPocket!].en}`,
              {
                class: 'wide',
                testid: 'call-made',
                onClick: () => set(addPocketed(entry, entry.callBall!, entry.callPocket!)),
              },
            )
          : null,
      ),
    );
  }

  // What fell or jumped: any ball on the bed, and the cue ball even while it is in hand.
  const candidates = [...new Set([...template.cueBalls, ...state.table])].sort((a, b) => a - b);
  const outcomes = h(
    'ol',
    { class: 'outcomes', testid: 'outcome-list' },
    ...entry.pocketed.map((p) =>
      h(
        'li',
        {},
        `${ballLabel(p.ball, lang)} → ${POCKET_NAMES[p.pocket][lang]} `,
        button('×', {
          class: 'small',
          testid: `remove-${p.ball}`,
          onClick: () => set(removeBall(entry, p.ball)),
        }),
      ),
    ),
    ...entry.offTable.map((ball) =>
      h(
        'li',
        {},
        `${ballLabel(ball, lang)} → ${app.t('jumped')} `,
        button('×', {
          class: 'small',
          testid: `remove-${ball}`,
          onClick: () => set(removeBall(entry, ball)),
        }),
      ),
    ),
  );
  const picked = app.state.picked;
  form.append(
    section(
      app.t('fell'),
      h('p', { class: 'hint', text: app.t('fellHint') }),
      h(
        'div',
        { class: 'chips' },
        ...candidates.map((ball) =>
          ballChip(ball, lang, {
            testid: `ball-${ball}`,
            pressed: picked === ball,
            onClick: () => app.pick(picked === ball ? null : ball),
          }),
        ),
      ),
      picked === null
        ? null
        : h(
            'div',
            { class: 'picked' },
            pocketPad(lang, 'pocket', null, (pocket) => set(addPocketed(entry, picked, pocket))),
            button(app.t('jumped'), {
              class: 'wide',
              testid: 'jumped',
              onClick: () => set(addJumped(entry, picked)),
            }),
          ),
      entry.pocketed.length + entry.offTable.length === 0
        ? h('p', { class: 'hint', text: app.t('nothingFell') })
        : outcomes,
    ),
  );

  form.append(
    section(
      app.t('firstContact'),
      h(
        'div',
        { class: 'chips' },
        toggle(app.t('hitBall'), 'first-hit', entry.firstContact !== 'none', () =>
          set({ ...entry, firstContact: 'auto' }),
        ),
        toggle(app.t('missedAll'), 'first-none', entry.firstContact === 'none', () =>
          set({ ...entry, firstContact: 'none' }),
        ),
      ),
      entry.firstContact === 'none'
        ? null
        : h(
            'details',
            { class: 'which', testid: 'first-which' },
            h('summary', { text: app.t('whichBall') }),
            h(
              'div',
              { class: 'chips' },
              ...state.table.map((ball) =>
                ballChip(ball, lang, {
                  testid: `first-ball-${ball}`,
                  pressed: entry.firstContact === ball,
                  onClick: () => set({ ...entry, firstContact: entry.firstContact === ball ? 'auto' : ball }),
                }),
              ),
            ),
          ),
    ),
  );

  if (isBreak) {
    const max = Math.max(6, state.settings.breakMinBallsToCushion);
    form.append(
      section(
        app.t('breakCushions'),
        h(
          'div',
          { class: 'chips' },
          ...Array.from({ length: Math.min(15, max) + 1 }, (_, n) =>
            button(n === max && max < 15 ? `${n}+` : String(n), {
              class: 'count',
              testid: `break-cushions-${n}`,
              pressed: entry.breakCushionBalls === n,
              onClick: () => set({ ...entry, breakCushionBalls: n }),
            }),
          ),
        ),
      ),
    );
  } else if (entry.firstContact !== 'none') {
    const counts: [CushionCount, string][] = [
      [0, app.t('cushions0')],
      [1, app.t('cushions1')],
      [2, app.t('cushions2')],
    ];
    form.append(
      section(
        app.t('cushions'),
        h(
          'div',
          { class: 'chips' },
          ...counts.map(([n, label]) =>
            button(label, {
              class: 'count',
              testid: `cushions-${n}`,
              pressed: entry.cushions === n,
              onClick: () => set({ ...entry, cushions: n }),
            }),
          ),
        ),
        state.settings.completionRule === 'two-contacts-or-centre-line'
          ? toggle(app.t('centreLine'), 'centre-line', entry.centreLine, () =>
              set({ ...entry, centreLine: !entry.centreLine }),
            )
          : null,
      ),
    );
  }

  if (offersAllInHouse(template)) {
    // п.21: without positions only the referee can say that every object ball lies in the house.
    form.append(
      section(
        app.t('inHandArea'),
        toggle(
          app.t('allInHouse'),
          'all-in-house',
          entry.allInHouse,
          () => set({ ...entry, allInHouse: !entry.allInHouse, hitInHouse: false }),
          // The referee refuses the fact where it cannot hold (no object ball left on the table).
          !entry.allInHouse && !choiceAllowed(state, template, entry, { objectBallsInHouse: 'all' }),
        ),
        h('p', {
          class: 'hint',
          testid: 'in-hand-area',
          text: app.t(entry.allInHouse ? 'fromTemporaryHouse' : 'fromHouse'),
        }),
        state.settings.fromHouseRestriction && !entry.allInHouse
          ? toggle(app.t('hitInHouse'), 'hit-in-house', entry.hitInHouse, () =>
              set({ ...entry, hitInHouse: !entry.hitInHouse }),
            )
          : null,
      ),
    );
  }

  form.append(
    section(
      app.t('strokeFouls', { cite: citeText(CITES.strokeFouls, lang) }),
      h(
        'div',
        { class: 'foul-list' },
        ...STROKE_FOULS.map((foul) => {
          const item = STROKE_FOUL_ITEMS[foul];
          return toggle(
            `${item} ${FOUL_NAMES[item][lang]}`,
            `stroke-${foul}`,
            entry.strokeFouls.includes(foul),
            () => set(toggleStrokeFoul(entry, foul)),
          );
        }),
      ),
    ),
    h(
      'div',
      { class: 'row sticky' },
      button(app.t('clearShot'), {
        class: 'secondary',
        testid: 'clear-shot',
        onClick: () => app.clearEntry(),
      }),
      button(app.t('submitShot'), {
        class: 'primary',
        testid: 'submit-shot',
        onClick: () => app.submitAction(shotAction(entry, state, template)),
      }),
    ),
  );
  return form;
}
