import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_COOKIES, AUTH_ERROR_CODES, CSRF_HEADER } from '../../../contract/auth';
import { forbidden, HttpError, unauthorized } from '../../lib/http-errors';
import { csrfMatches } from './csrf';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Paths whose every mutation needs a CSRF token, session cookie or not (login CSRF included). */
const ALWAYS_PROTECTED = /^\/api\/(auth|account|admin)(\/|$)/;
/** Machine-to-machine callers (payment/shipping webhooks) authenticate by signature instead. */
export const CSRF_EXEMPT = /^\/api\/webhooks\//;
/** Spec §6: /admin and all children; on the API every /api/admin/** route. */
export const ADMIN_PATH = /^\/api\/admin(\/|$)/;

const pathOf = (request: FastifyRequest) => request.url.split('?', 1)[0]!;

/**
 * The two request-wide guards, as single onRequest hooks on the whole app (STYLE.md: one hook,
 * not a line per handler), so routes added later under /api/admin are covered automatically:
 *  1. every /api/admin/** request: 401 when signed out, 403 when not an admin;
 *  2. every cookie-authenticated mutation under /api: a valid CSRF token (docs/decisions/012).
 */
export function registerAuthHooks(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const path = pathOf(request);
    if (!path.startsWith('/api/')) return;

    if (ADMIN_PATH.test(path)) {
      const auth = await app.auth.getAuth(request, reply);
      if (!auth.user) throw unauthorized();
      if (!auth.isAdmin) throw forbidden('You need admin privileges to access this page.');
    }

    if (UNSAFE_METHODS.has(request.method) && !CSRF_EXEMPT.test(path)) {
      const hasSession = request.cookies[AUTH_COOKIES.session] !== undefined;
      if (hasSession || ALWAYS_PROTECTED.test(path)) {
        const header = request.headers[CSRF_HEADER];
        if (!csrfMatches(app.authSecret, request.cookies[AUTH_COOKIES.csrf], typeof header === 'string' ? header : undefined)) {
          throw new HttpError(
            403,
            AUTH_ERROR_CODES.csrf,
            'The security check for this request failed. Reload the page and try again.',
          );
        }
      }
    }
  });
}
