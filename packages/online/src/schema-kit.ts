/** The two building blocks every message schema of the protocol uses (schema.ts, live-schema.ts, player-live.ts). */
export type JsonSchema = { readonly [key: string]: unknown };

/** An object schema that admits no field besides `properties` and needs `required`. */
export const closed = (properties: Record<string, JsonSchema>, required: readonly string[]): JsonSchema => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});
