/**
 * The message bus: how a table's broadcasts reach every connection that watches it. A topic per
 * table (`table:<id>`) and per player (`player:<id>`, for quick-match news); payloads are the JSON
 * text of a server message, serialised once. Two implementations: in this process alone
 * (`MemoryBus`, bus/local.ts) and through Redis, shared by the processes of a cluster
 * (`RedisBus`, bus/redis.ts).
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
