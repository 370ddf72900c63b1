/**
 * The self-play worker: plays whole frames on request and posts each result back. It runs in a
 * worker thread started by selfplay.ts, through a bootstrap that registers tsx first (the sources
 * are TypeScript), as bin/pyramid.js does for the main thread.
 */
import { parentPort } from 'node:worker_threads';
import { type FrameSpec, playFrame } from './selfplay-frame.js';

export type WorkerRequest = { readonly type: 'frame'; readonly spec: FrameSpec } | { readonly type: 'stop' };

export type WorkerReply =
  | { readonly type: 'result'; readonly result: ReturnType<typeof playFrame> }
  | { readonly type: 'failed'; readonly index: number; readonly message: string };

const port = parentPort;
if (port !== null) {
  port.on('message', (request: WorkerRequest) => {
    if (request.type === 'stop') {
      port.close();
      return;
    }
    try {
      const reply: WorkerReply = { type: 'result', result: playFrame(request.spec) };
      port.postMessage(reply);
    } catch (caught) {
      const reply: WorkerReply = {
        type: 'failed',
        index: request.spec.index,
        message: caught instanceof Error ? (caught.stack ?? caught.message) : String(caught),
      };
      port.postMessage(reply);
    }
  });
}
