/**
 * Validation of untrusted input against the protocol's JSON Schemas (ajv, draft 2020-12). Each
 * message type has its own compiled validator, so a refusal names the field at fault precisely.
 */

import { pointerJoin } from '@pyramid/core';
import {
  CLIENT_MESSAGE_SCHEMAS,
  CLIENT_MESSAGE_TYPES,
  type ClientMessage,
  chatTextProblem,
  HTTP_REQUEST_SCHEMAS,
  type JsonSchema,
  MAX_MESSAGE_BYTES,
  type OnlineError,
} from '@pyramid/online';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';

const ajv = new Ajv2020({ allErrors: false, strict: true });

const byType = new Map<string, ValidateFunction>();
for (const type of CLIENT_MESSAGE_TYPES) byType.set(type, ajv.compile(CLIENT_MESSAGE_SCHEMAS[type]));

/** The error of a failed validation: the deepest field named, as a JSON Pointer (`/stroke/strike/speed`). */
export function schemaError(
  errors: readonly ErrorObject[] | null | undefined,
  code: OnlineError['code'],
): OnlineError {
  const list = errors ?? [];
  // The deepest error is the most specific (oneOf branches report at their parent).
  const best = [...list].sort((a, b) => b.instancePath.length - a.instancePath.length)[0];
  if (best === undefined) return { code, field: '', message: 'invalid' };
  // ajv's instancePath is already a JSON Pointer into the message.
  const path = best.instancePath;
  const params = best.params as { missingProperty?: string; additionalProperty?: string };
  if (best.keyword === 'required' && params.missingProperty !== undefined) {
    return { code, field: pointerJoin(path, params.missingProperty), message: 'is required' };
  }
  if (best.keyword === 'additionalProperties' && params.additionalProperty !== undefined) {
    return {
      code,
      field: pointerJoin(path, params.additionalProperty),
      message: 'is not a field of this message',
    };
  }
  return { code, field: path, message: best.message ?? 'invalid' };
}

/** Parses and validates one WebSocket text message. */
export function parseClientMessage(
  text: string,
): { ok: true; value: ClientMessage } | { ok: false; error: OnlineError; ref?: string } {
  if (Buffer.byteLength(text, 'utf8') > MAX_MESSAGE_BYTES) {
    return {
      ok: false,
      error: { code: 'protocol/too-large', field: '', message: `longer than ${MAX_MESSAGE_BYTES} bytes` },
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (caught) {
    return {
      ok: false,
      error: { code: 'protocol/malformed-json', field: '', message: (caught as Error).message },
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      ok: false,
      error: { code: 'protocol/schema', field: '', message: 'a message is a JSON object' },
    };
  }
  const record = value as Record<string, unknown>;
  const ref = typeof record.ref === 'string' && record.ref.length <= 64 ? record.ref : undefined;
  const refPart = ref === undefined ? {} : { ref };
  const validate = typeof record.type === 'string' ? byType.get(record.type) : undefined;
  if (validate === undefined) {
    return {
      ok: false,
      error: {
        code: 'protocol/unknown-type',
        field: 'type',
        message: `must be one of ${CLIENT_MESSAGE_TYPES.join(', ')}`,
      },
      ...refPart,
    };
  }
  if (!validate(value)) {
    const error = schemaError(validate.errors, 'protocol/schema');
    if (record.type === 'chat' && error.field === '/text')
      return { ok: false, error: chatError(record.text), ...refPart };
    return { ok: false, error, ...refPart };
  }
  // What the schema cannot say of a chat line: no bidi reordering, something visible (text.ts).
  if (record.type === 'chat') {
    const problem = chatTextProblem(record.text as string);
    if (problem !== null)
      return { ok: false, error: { code: 'chat/invalid', field: '/text', message: problem }, ...refPart };
  }
  return { ok: true, value: value as ClientMessage };
}

/**
 * Why a chat line's text was refused: the one refusal of a chat line's content, `chat/invalid`,
 * with the reason (text.ts `chatTextProblem`). Too many lines is `rate/limited`, like any other flood.
 */
export function chatError(text: unknown): OnlineError {
  const message = typeof text === 'string' ? (chatTextProblem(text) ?? 'is invalid') : 'must be a string';
  return { code: 'chat/invalid', field: '/text', message };
}

const httpValidators = new Map<string, ValidateFunction>();
for (const [name, schema] of Object.entries(HTTP_REQUEST_SCHEMAS)) {
  httpValidators.set(name, ajv.compile(schema as JsonSchema));
}

/** Validates an HTTP body against its route's schema. */
export function checkBody(route: keyof typeof HTTP_REQUEST_SCHEMAS, body: unknown): OnlineError | null {
  const validate = httpValidators.get(route)!;
  if (validate(body)) return null;
  return schemaError(validate.errors, 'request/invalid');
}
