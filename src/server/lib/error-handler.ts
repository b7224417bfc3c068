import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { NO_STORE } from './cache-control';
import { isDatabaseUnavailable } from './database-unavailable';
import { diskFullAnswer, isDiskFull } from './disk-full';
import { HttpError } from './http-errors';
import { REQUEST_ID_HEADER } from './request-id';

interface ValidationIssue {
  instancePath: string;
  message: string;
  keyword: string;
  params?: { keys?: string[] } & Record<string, unknown>;
}

const PART_LABEL: Record<string, string> = {
  querystring: 'query parameter',
  body: 'field',
  params: 'path parameter',
  headers: 'header',
};

/** A message that names the field, e.g. "is_active must be 'true' or 'false'". */
export function describeValidationIssue(issue: ValidationIssue, part: string | undefined) {
  const label = PART_LABEL[part ?? 'body'] ?? 'field';
  const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (issue.keyword === 'unrecognized_keys' && issue.params?.keys?.length) {
    const keys = issue.params.keys;
    const name = field ? `${field}.${keys[0]}` : String(keys[0]);
    return { field: name, message: `Unknown ${label} '${name}'` };
  }
  if (!field) return { field: undefined, message: issue.message };
  const leaf = field.split('.').pop() ?? field;
  const message = issue.message.includes(leaf) ? issue.message : `${field}: ${issue.message}`;
  return { field, message };
}

/** Fastify's own 4xx errors (body parsing, URLs), in words a person understands and with our own codes. */
const FRAMEWORK_ERRORS: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'INVALID_BODY', message: 'The request body is empty: send a JSON object.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'BODY_TOO_LARGE', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as application/json.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'INVALID_BODY', message: 'The request body does not match its Content-Length.' },
  FST_ERR_BAD_URL: { code: 'BAD_URL', message: 'This address is not valid: it has a broken %-escape.' },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'URL_TOO_LONG', message: 'A part of this address is too long.' },
};

/**
 * For errors Fastify raises before any route runs (a broken %-escape, an over-long path parameter):
 * the same JSON error shape as everything else.
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  const known = FRAMEWORK_ERRORS[err.code] ?? { code: 'BAD_REQUEST', message: 'This request is not valid.' };
  // Before any hook: the request id header is set here.
  return reply
    .code(status)
    .header('cache-control', NO_STORE)
    .header(REQUEST_ID_HEADER, request.id)
    .send({ error: { ...known, request_id: request.id } });
}

/** How long a client should wait before trying again when the database is not answering. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The app's one error handler: 4xx answers name what the caller got wrong,
 * 5xx answers never leak internals (the details go to the log, under the request id every error body carries). No error answer is ever kept by a
 * browser or CDN, whatever the route had set before it failed (docs/decisions/067).
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    reply.header('cache-control', NO_STORE);
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      return reply.code(err.statusCode).send({
        error: { code: err.code, message: err.message, ...(err.field ? { field: err.field } : {}), request_id: request.id },
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0] as unknown as ValidationIssue;
      const { field, message } = describeValidationIssue(first, err.validationContext);
      return reply.code(400).send({
        error: { code: 'VALIDATION_ERROR', message, ...(field ? { field } : {}), request_id: request.id },
      });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = FRAMEWORK_ERRORS[err.code];
      return reply.code(status).send({
        error: {
          ...(known ?? { code: err.code?.startsWith('FST_') ? 'BAD_REQUEST' : (err.code ?? 'BAD_REQUEST'), message: err.message }),
          request_id: request.id,
        },
      });
    }
    if (isDiskFull(err)) {
      // The disk (DATA_DIR, or the database server's) is full: the write did not happen. 507 with Retry-After, in
      // words a person understands; the details go to the log (docs/decisions/112).
      request.log.warn({ err, url: request.url, method: request.method }, 'disk full');
      const answer = diskFullAnswer(request.id);
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    }
    if (isDatabaseUnavailable(err)) {
      // Not the request's fault and not a bug: the database is down or not answering. Come back shortly.
      request.log.warn({ err, url: request.url, method: request.method }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({
          error: {
            code: 'SERVICE_UNAVAILABLE',
            message: 'The shop cannot reach its database just now. Nothing was lost; please try again in a few seconds.',
            request_id: request.id,
          },
        });
    }
    request.log.error({ err, url: request.url, method: request.method }, 'request failed');
    return reply.code(500).send({
      error: {
        code: 'INTERNAL_ERROR',
        message: 'Something went wrong on our side. Please try again in a moment.',
        request_id: request.id,
      },
    });
  });
}
