import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_COOKIES, AUTH_ERROR_CODES, CSRF_HEADER } from '@/contract/auth';
import { forbidden, HttpError, unauthorized } from '@/server/lib/http-errors';
import { csrfMatches } from './csrf';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Admins only (also implied by a route pattern under /api/admin). Cannot be switched off. */
    admin?: true;
    /**
     * 'always': every mutation needs a CSRF token, session cookie or not (implied under /api/auth, /api/account,
     * /api/admin — login CSRF). 'exempt': callers authenticate by signature (webhooks; implied under
     * /api/webhooks). Default: a token whenever the session cookie is sent.
     */
    csrf?: 'always' | 'exempt';
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface RoutePolicy {
  admin: boolean;
  csrf: 'always' | 'session' | 'exempt';
}

const OPEN: RoutePolicy = { admin: false, csrf: 'session' };

/**
 * The access rules of one route, from its registered pattern (`/api/admin/users/:id`) and its own config —
 * never from the URL a client sent. The router decodes, and may also normalise, what the client sent
 * (`/api/%61dmin/users`, a trailing slash), so any test on the raw URL can disagree with the route that runs.
 * A request that matched no route gets no handler, only a 404, so it needs no rule.
 */
export function routePolicy(pattern: string | undefined, config: { admin?: true; csrf?: 'always' | 'exempt' } = {}): RoutePolicy {
  if (pattern === undefined) return OPEN;
  const admin = config.admin === true || /^\/api\/admin(\/|$)/.test(pattern);
  const csrf =
    admin || config.csrf === 'always' || /^\/api\/(auth|account)(\/|$)/.test(pattern)
      ? 'always'
      : config.csrf === 'exempt' || /^\/api\/webhooks\//.test(pattern)
        ? 'exempt'
        : 'session';
  return { admin, csrf };
}

/** null: no route matched, so no handler will run and the not-found answer needs no guard. */
const policyOf = (request: FastifyRequest): RoutePolicy | null =>
  request.is404 || request.routeOptions.url === undefined ? null : routePolicy(request.routeOptions.url, request.routeOptions.config);

/**
 * The two request-wide guards, as one onRequest hook on the whole app (STYLE.md: one hook, not a line per
 * handler), so routes added later are covered wherever they are registered (docs/decisions/050):
 *  1. admin routes: 401 when signed out, 403 when not an admin;
 *  2. cookie-authenticated mutations: a valid CSRF token (docs/decisions/012).
 */
export function registerAuthHooks(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const policy = policyOf(request);
    if (!policy) return;

    if (policy.admin) {
      const auth = await app.auth.getAuth(request, reply);
      if (!auth.user) throw unauthorized();
      if (!auth.isAdmin) throw forbidden('You need admin privileges to access this page.');
    }

    if (UNSAFE_METHODS.has(request.method) && policy.csrf !== 'exempt') {
      const hasSession = request.cookies[AUTH_COOKIES.session] !== undefined;
      if (hasSession || policy.csrf === 'always') {
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
