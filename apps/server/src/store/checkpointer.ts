/**
 * WAL checkpoints off the event loop. SQLite's automatic checkpoint runs inside the commit that
 * crosses the threshold: it copies the WAL into the database file and fsyncs both, which on a busy
 * disk stalls that commit (and every stroke queued behind it) for tens to hundreds of milliseconds.
 * So the server's connection turns it off and this worker thread, with its own connection to the
 * same file, runs a PASSIVE checkpoint every interval: it never blocks the writer (WAL lets one
 * writer and checkpointers run at once) and the WAL stays bounded. Durability is unchanged: a
 * commit is in the WAL before it returns either way.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** The worker, as CommonJS source (evaluated), so that it runs the same from source and from dist. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const run = () => {
  const [row] = db.pragma('wal_checkpoint(PASSIVE)');
  return { log: row.log, checkpointed: row.checkpointed };
};
const timer = setInterval(() => {
  try { run(); } catch (caught) { parentPort.postMessage({ error: String(caught) }); }
}, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message === 'now') {
    try { parentPort.postMessage({ done: run() }); }
    catch (caught) { parentPort.postMessage({ error: String(caught) }); }
  } else if (message === 'close') {
    clearInterval(timer);
    db.close();
    parentPort.close();
  }
});
`;

export interface CheckpointResult {
  /** Frames in the WAL, and how many of them are now in the database file. */
  readonly log: number;
  readonly checkpointed: number;
}

export class Checkpointer {
  private readonly worker: Worker;
  private readonly waiting: ((result: CheckpointResult) => void)[] = [];
  private readonly exited: Promise<void>;

  constructor(file: string, everyMs: number, onError: (message: string) => void) {
    const module = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(WORKER, { eval: true, workerData: { file, module, everyMs } });
    this.worker.unref();
    this.worker.on('message', (message: { error?: string; done?: CheckpointResult }) => {
      if (message.error !== undefined) onError(`checkpoint: ${message.error}`);
      if (message.done !== undefined) this.waiting.shift()?.(message.done);
    });
    this.worker.on('error', (caught) => onError(`checkpoint worker: ${caught.message}`));
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
  }

  /** A checkpoint now (tests, and before a clean close). */
  now(): Promise<CheckpointResult> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.worker.postMessage('now');
    });
  }

  async close(): Promise<void> {
    this.worker.postMessage('close');
    await this.exited;
  }
}
