/**
 * The choices the rules give the player to act, offered exactly as `legalActions` lists them: the
 * penalty or exchange ball, the Dynamic option, the lag; for a shot, the cue ball (Free), the call
 * (Classic) and where a ball in hand goes. Nothing here decides legality: the buttons are the list.
 */
import { ballName, citeIn, decisionCite, type PendingDecision, type Variant } from '@pyramid/rules';
import { POCKET_IDS, POCKET_NAMES } from '@pyramid/table';
import { type Lang, translator } from '../../common/lang.js';
import type { Controller } from '../controller.js';
import {
  type GameState,
  offeredChoices,
  personToAct,
  regionText,
  shotTemplate,
  shownPlayers,
} from '../state/index.js';
import { ballChip, h } from './dom.js';
import { STRINGS } from './strings.js';

/** The prompt over a decision, citing its paragraph in the form its ruling does (`citeIn`). */
export function decisionPrompt(kind: PendingDecision['kind'], variant: Variant, lang: Lang): string {
  const key =
    kind === 'penalty-ball' ? 'penaltyBall' : kind === 'exchange-ball' ? 'exchangeBall' : 'dynamicOption';
  return translator(STRINGS, lang)(key, { cite: citeIn(decisionCite(variant, kind) ?? '', lang) });
}

export function choicesPanel(game: GameState, controller: Controller): HTMLElement | null {
  if (!personToAct(game) || game.busy || game.editing) return null;
  const t = translator(STRINGS, game.lang);
  const lang = game.lang;
  // Numbered in every variant, as the balls on the table are.
  const numbered = true;
  const parts: HTMLElement[] = [];
  const prompt = (kind: PendingDecision['kind']) => decisionPrompt(kind, game.match.variant, lang);
  const pending = offeredChoices(game);
  const balls = pending.filter((c) => c.type === 'penalty-ball' || c.type === 'exchange-ball');
  if (balls.length > 0) {
    const first = balls[0]!;
    parts.push(
      h('p', { className: 'prompt', testid: 'choice-prompt' }, prompt(first.type)),
      h(
        'div',
        { className: 'chips' },
        ...balls
          .map((choice) =>
            choice.type === 'penalty-ball' || choice.type === 'exchange-ball'
              ? ballChip(choice.ball, true, {
                  testid: `choice-ball-${choice.ball}`,
                  title: ballName(choice.ball, lang),
                  onclick: () => controller.dispatch({ type: 'choose', choice }),
                })
              : null,
          )
          .filter((x): x is HTMLElement => x !== null),
      ),
    );
  }
  for (const choice of pending) {
    if (choice.type === 'dynamic-option') {
      if (choice.option === 1)
        parts.push(h('p', { className: 'prompt', testid: 'choice-prompt' }, prompt('dynamic-option')));
      parts.push(
        h(
          'button',
          {
            testid: `choice-option-${choice.option}`,
            onclick: () => controller.dispatch({ type: 'choose', choice }),
          },
          choice.option === 1 ? t('option1') : t('option2'),
        ),
      );
    }
    if (choice.type === 'lag') {
      if (parts.length === 0) parts.push(h('p', { className: 'prompt', testid: 'choice-prompt' }, t('lag')));
      const names = shownPlayers(game);
      parts.push(
        h(
          'button',
          {
            testid: `choice-lag-${choice.winner}-${choice.first}`,
            onclick: () => controller.dispatch({ type: 'choose', choice }),
          },
          t('lagChoice', { w: names[choice.winner], f: names[choice.first] }),
        ),
      );
    }
  }
  const template = shotTemplate(game.match);
  if (template !== null) {
    if (template.cueBalls.length > 1) {
      parts.push(
        h('p', { className: 'prompt' }, t('chooseCueBall')),
        h(
          'div',
          { className: 'chips', testid: 'cue-balls' },
          ...template.cueBalls.map((ball) =>
            ballChip(ball, true, {
              testid: `cue-ball-${ball}`,
              className: game.selection.cueBall === ball ? 'selected' : '',
              title: ballName(ball, lang),
              onclick: () => controller.dispatch({ type: 'select-cue-ball', ball }),
            }),
          ),
        ),
      );
    }
    if (template.calls !== null) {
      const callable = [...new Set(template.calls.map((c) => c.ball))];
      const pocketsFor = new Set(
        template.calls.filter((c) => c.ball === game.selection.callBall).map((c) => c.pocket),
      );
      const call = game.selection.call;
      parts.push(
        h(
          'p',
          { className: 'prompt', testid: 'call-status' },
          call === null
            ? t('callBall')
            : t('called', { ball: ballName(call.ball, lang), pocket: POCKET_NAMES[call.pocket][lang] }),
        ),
        h(
          'div',
          { className: 'chips', testid: 'call-balls' },
          ...callable.map((ball) =>
            ballChip(ball, numbered, {
              testid: `call-ball-${ball}`,
              className: game.selection.callBall === ball ? 'selected' : '',
              onclick: () => controller.dispatch({ type: 'call-ball', ball }),
            }),
          ),
        ),
      );
      if (game.selection.callBall !== null) {
        parts.push(
          h('p', { className: 'prompt' }, t('callPocket')),
          h(
            'div',
            { className: 'pockets', testid: 'call-pockets' },
            ...POCKET_IDS.filter((p) => pocketsFor.has(p)).map((pocket) =>
              h(
                'button',
                {
                  testid: `call-pocket-${pocket}`,
                  className: call?.pocket === pocket ? 'selected' : '',
                  onclick: () => controller.dispatch({ type: 'call-pocket', pocket }),
                },
                POCKET_NAMES[pocket][lang],
              ),
            ),
          ),
        );
      }
    }
    if (template.inHand !== null) {
      parts.push(
        h(
          'p',
          { className: 'prompt', testid: 'in-hand' },
          t('placeBall', { where: regionText(template.inHand)[lang] }),
        ),
      );
    }
  }
  if (parts.length === 0) return null;
  return h('section', { className: 'choices', testid: 'choices' }, ...parts);
}
