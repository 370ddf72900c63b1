/**
 * The message bus: how a table's broadcasts reach every connection that watches it. A topic per
 * table (`table:<id>`) and per player (`player:<id>`, for quick-match news); payloads are the JSON
 * text of a server message, serialised once. One in-process implementation; a networked one
 * (shared between server processes) fits the same interface.
 */
export interface Bus {
  publish(topic: string, payload: string): void;
  /** Returns the function that ends the subscription. */
  subscribe(topic: string, handler: (payload: string) => void): () => void;
  /** Subscribers of a topic in this process. */
  subscribers(topic: string): number;
  close(): Promise<void>;
}

export const tableTopic = (id: string): string => `table:${id}`;
export const playerTopic = (id: string): string => `player:${id}`;

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
