/**
 * Errors a handler or service throws to answer the caller with a 4xx.
 * The app's one error handler turns them into {"error":{"code","message","field"}}.
 */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    public readonly field?: string,
    /** Headers the answer carries, such as Retry-After on a 429 (services never see the reply). */
    public readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, field?: string, code = 'VALIDATION_ERROR') =>
  new HttpError(400, code, message, field);
export const unauthorized = (message = 'Please sign in to continue.') =>
  new HttpError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have permission to do that.') =>
  new HttpError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found.', code = 'NOT_FOUND') => new HttpError(404, code, message);
export const conflict = (message: string, field?: string, code = 'CONFLICT') =>
  new HttpError(409, code, message, field);
export const tooManyRequests = (message: string, code = 'RATE_LIMITED', opts: { retryAfterSeconds?: number; field?: string } = {}) =>
  new HttpError(
    429,
    code,
    message,
    opts.field,
    opts.retryAfterSeconds === undefined ? undefined : { 'retry-after': String(opts.retryAfterSeconds) },
  );
