import { randomUUID } from 'node:crypto';
import { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';

/** The header every answer carries its request id in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Request ids (issue 24): every request gets a random UUID of ours — never one a caller sent, which could forge or
 * collide with another's — that is in each of its log lines (`request_id`), in the `X-Request-Id` header of its
 * answer and in the body of an error answer, so a person quoting an error leads an operator to its log lines.
 */
export const requestIdOptions = {
  genReqId: () => randomUUID(),
  requestIdHeader: false,
  logController: new LogController({ requestIdLogLabel: 'request_id' }),
} satisfies Partial<FastifyServerOptions>;

export function registerRequestId(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
