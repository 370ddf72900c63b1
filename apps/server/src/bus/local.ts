/** The bus of one process: a topic's handlers called in place, in the order they subscribed. */
import type { Bus } from './bus.js';

export class MemoryBus implements Bus {
  private readonly topics = new Map<string, Set<(payload: string) => void>>();

  publish(topic: string, payload: string): void {
    const handlers = this.topics.get(topic);
    if (handlers === undefined) return;
    for (const handler of [...handlers]) handler(payload);
  }

  subscribe(topic: string, handler: (payload: string) => void): () => void {
    let handlers = this.topics.get(topic);
    if (handlers === undefined) {
      handlers = new Set();
      this.topics.set(topic, handlers);
    }
    const set = handlers;
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0 && this.topics.get(topic) === set) this.topics.delete(topic);
    };
  }

  subscribers(topic: string): number {
    return this.topics.get(topic)?.size ?? 0;
  }

  async close(): Promise<void> {
    this.topics.clear();
  }
}
