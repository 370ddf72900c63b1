/**
 * The computer player's worker: it thinks (chooseAction, hint) off the main thread so the page
 * never freezes; the page executes the move itself, as self-play does, so the record replays.
 */
import { chooseAction, hint } from '@pyramid/bots';
import type { BotReply, BotRequest } from './bot-protocol.js';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<BotRequest>) => void) | null;
  postMessage(message: BotReply): void;
};

scope.onmessage = (event) => {
  const request = event.data;
  try {
    if (request.kind === 'move') {
      scope.postMessage({
        id: request.id,
        kind: 'move',
        move: chooseAction(request.state, request.level, request.seed),
      });
    } else {
      scope.postMessage({ id: request.id, kind: 'hint', hint: hint(request.state, request.seed) });
    }
  } catch (caught) {
    scope.postMessage({ id: request.id, kind: 'error', message: String(caught) });
  }
};
