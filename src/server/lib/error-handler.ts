import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './http-errors';

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

/**
 * The app's one error handler: 4xx answers name what the caller got wrong,
 * 5xx answers never leak internals (the details go to the log).
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send({
        error: { code: err.code, message: err.message, ...(err.field ? { field: err.field } : {}) },
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0] as unknown as ValidationIssue;
      const { field, message } = describeValidationIssue(first, err.validationContext);
      return reply.code(400).send({
        error: { code: 'VALIDATION_ERROR', message, ...(field ? { field } : {}) },
      });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({
        error: { code: err.code ?? 'BAD_REQUEST', message: err.message },
      });
    }
    request.log.error({ err, url: request.url, method: request.method }, 'request failed');
    return reply.code(500).send({
      error: {
        code: 'INTERNAL_ERROR',
        message: 'Something went wrong on our side. Please try again in a moment.',
      },
    });
  });
}
