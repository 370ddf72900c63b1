/**
 * Where strokes are simulated. In-line by default (`inlineSimulator`); `SimulationPool` runs them
 * in worker threads (node:worker_threads) so that the event loop keeps validating, storing and
 * broadcasting while a stroke is simulated, and a second core is used. The worker runs the very
 * same `simulateShot` of @pyramid/match on a structured clone of the state (numbers cross bit for
 * bit), so the action is the one the in-line simulation gives. Only the action or the error comes
 * back: the trajectory stays in the worker.
 */
import { Worker } from 'node:worker_threads';
import type { Result } from '@pyramid/core';
import { type PlannedShot, type PlayError, simulateShot } from '@pyramid/match';
import type { MatchState, ShotAction } from '@pyramid/rules';

export type SimulatedAction = Result<{ readonly action: ShotAction }, PlayError>;
export type Simulator = (state: MatchState, stroke: PlannedShot) => Promise<SimulatedAction>;

export const inlineSimulator: Simulator = async (state, stroke) => {
  const simulated = simulateShot(state, stroke);
  return simulated.ok ? { ok: true, value: { action: simulated.value.action } } : simulated;
};

/**
 * Compiled (apps/server/dist: what `npm start` and a deployment run) the worker is plain JavaScript.
 * Run from the TypeScript sources (the in-process tests, `node --import tsx src/main.ts`) it
 * registers tsx first: on Node 20 a worker does not inherit the `--import tsx` hooks.
 */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_ENTRY = new URL(
  FROM_SOURCE ? './simulation-worker.ts' : './simulation-worker.js',
  import.meta.url,
);
const WORKER_BOOT = `
const { workerData } = require('node:worker_threads');
import(workerData.tsx).then((tsx) => { tsx.register(); return import(workerData.entry); });
`;

function startWorker(): Worker {
  if (!FROM_SOURCE) return new Worker(WORKER_ENTRY);
  return new Worker(WORKER_BOOT, {
    eval: true,
    workerData: { entry: WORKER_ENTRY.href, tsx: import.meta.resolve('tsx/esm/api') },
  });
}

interface Job {
  readonly id: number;
  readonly resolve: (result: SimulatedAction) => void;
  readonly reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  readonly jobs: Map<number, Job>;
}

/**
 * A fixed pool of simulation workers; each job goes to the worker with the fewest jobs pending. A
 * worker that fails or exits is replaced at once: its pending strokes are refused (the rooms answer
 * them with an error and change nothing), and the next strokes go to the new worker.
 */
export class SimulationPool {
  private readonly slots: Slot[] = [];
  private nextId = 1;
  private closing = false;

  constructor(size: number) {
    for (let i = 0; i < size; i++) {
      const slot: Slot = { worker: this.spawn(() => slot), jobs: new Map() };
      this.slots.push(slot);
    }
  }

  private spawn(slotOf: () => Slot): Worker {
    const worker = startWorker();
    worker.unref();
    worker.on('message', (message: { id: number; result?: SimulatedAction; fault?: string }) => {
      const { jobs } = slotOf();
      const job = jobs.get(message.id);
      jobs.delete(message.id);
      if (message.result !== undefined) job?.resolve(message.result);
      else job?.reject(new Error(`simulation worker: ${message.fault}`));
    });
    const replace = (why: Error): void => {
      const slot = slotOf();
      if (slot.worker !== worker) return;
      for (const job of slot.jobs.values()) job.reject(why);
      slot.jobs.clear();
      if (!this.closing) slot.worker = this.spawn(slotOf);
    };
    worker.on('error', (caught) => replace(caught));
    worker.on('exit', (code) => replace(new Error(`simulation worker exited with code ${code}`)));
    return worker;
  }

  /** The workers now running (a test ends one to see it replaced). */
  get workers(): readonly Worker[] {
    return this.slots.map((slot) => slot.worker);
  }

  readonly simulate: Simulator = (state, stroke) => {
    const least = this.slots.reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      least.jobs.set(id, { id, resolve, reject });
      least.worker.postMessage({ id, state, stroke });
    });
  };

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.slots.map(({ worker }) => worker.terminate()));
  }
}
