/**
 * Asks the computer player for a move or a hint: in a Web Worker when the browser has one, on the
 * main thread otherwise. Replies are matched to requests by id; a request outlived by a new game
 * is simply ignored by the caller.
 */
import { chooseAction, type Hint, hint, type Level, type Move } from '@pyramid/bots';
import type { MatchState } from '@pyramid/rules';
import type { BotReply, BotRequest } from './bot-protocol.js';

export class BotClient {
  private worker: Worker | null = null;
  private next = 1;
  private readonly waiting = new Map<number, (reply: BotReply) => void>();

  constructor() {
    if (typeof Worker === 'undefined') return;
    try {
      this.worker = new Worker(new URL('./bot-worker.ts', import.meta.url), { type: 'module' });
      this.worker.onmessage = (event: MessageEvent<BotReply>) => {
        const resolve = this.waiting.get(event.data.id);
        this.waiting.delete(event.data.id);
        resolve?.(event.data);
      };
    } catch {
      this.worker = null;
    }
  }

  private ask(request: BotRequest): Promise<BotReply> {
    const worker = this.worker;
    if (worker === null) {
      const reply: BotReply =
        request.kind === 'move'
          ? { id: request.id, kind: 'move', move: chooseAction(request.state, request.level, request.seed) }
          : { id: request.id, kind: 'hint', hint: hint(request.state, request.seed) };
      return Promise.resolve(reply);
    }
    return new Promise((resolve) => {
      this.waiting.set(request.id, resolve);
      worker.postMessage(request);
    });
  }

  async move(state: MatchState, level: Level, seed: number): Promise<Move | null> {
    const reply = await this.ask({ id: this.next++, kind: 'move', state, level, seed });
    if (reply.kind === 'error') throw new Error(reply.message);
    return reply.kind === 'move' ? reply.move : null;
  }

  async hint(state: MatchState, seed: number): Promise<Hint | null> {
    const reply = await this.ask({ id: this.next++, kind: 'hint', state, seed });
    if (reply.kind === 'error') throw new Error(reply.message);
    return reply.kind === 'hint' ? reply.hint : null;
  }
}
