/**
 * Whether an error means the database cannot be reached or stopped answering (issue 24) — refused, reset, timed out
 * connecting, shutting down — rather than a bug or a bad query. Such a failure is answered 503 with Retry-After:
 * the request was fine, the shop will be back. Looks through the causes a driver or an ORM wraps it in.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const { code, message, cause, errors } = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_GONE.test(code))) return true;
  if (typeof message === 'string' && DRIVER_MESSAGES.test(message)) return true;
  // AggregateError: a connection tried on several addresses (localhost: ::1 and 127.0.0.1).
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
/**
 * SQLSTATE class 08 (connection exception), 57P01–57P03 (admin shutdown, crash shutdown, cannot connect now) and
 * 57014 (a statement cancelled, here by statement_timeout: the database is too slow to answer now).
 */
const SERVER_GONE = /^(08\d{3}|57P0[123]|57014)$/;
/** node-postgres' own words for a connection that timed out, got no answer in time, or was cut. */
const DRIVER_MESSAGES = /timeout exceeded when trying to connect|Connection terminated|Query read timeout|is not queryable/i;
