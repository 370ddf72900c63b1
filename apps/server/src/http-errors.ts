/**
 * Every refusal fastify itself makes (a body too large or not JSON, a request that took too long to
 * arrive, a rate limit) answered like the API's own: an `OnlineError` body with a 4xx status. A
 * database that does not answer is `server/unavailable` (503; `server/outcome-unknown` when the
 * connection went down under the request); any other fault of the server is `server/internal`, and
 * its message stays in the server's log.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { Refusal } from './limits.js';
import { storeDown } from './room/refusals.js';

export function answerErrors(app: FastifyInstance, log: (message: string) => void): void {
  app.setErrorHandler((error: FastifyError | Refusal, request, reply) => {
    if (error instanceof Refusal) return reply.code(error.statusCode).send(error.body);
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      log(`http ${request.method} ${request.routeOptions.url ?? '?'}: ${error.message}`);
      // A database that does not answer (stopped, restarting, cut off): 503 and the refusal the
      // WebSocket gets, with a hint to try again shortly.
      const down = storeDown(error, 'changed');
      if (down !== null) return reply.code(503).header('retry-after', '1').send(down);
      return reply.code(500).send({ code: 'server/internal', field: '', message: 'a fault of the server' });
    }
    // The field is the whole request ('' as a JSON Pointer): its body's size or syntax, its time.
    return reply.code(status).send({ code: 'request/invalid', field: '', message: error.message });
  });
}
