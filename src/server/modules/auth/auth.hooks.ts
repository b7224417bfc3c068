import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_COOKIES, AUTH_ERROR_CODES, CSRF_HEADER } from '@/contract/auth';
import { forbidden, HttpError, unauthorized } from '@/server/lib/http-errors';
import { csrfMatchesSession, isCsrfTokenFor, issueCsrfToken } from './csrf';

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
 *  2. cookie-authenticated mutations: a valid CSRF token for the session cookie sent with it (docs/decisions/012).
 * And one onSend hook that keeps the CSRF cookie bound to the session the browser holds.
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
      const session = request.cookies[AUTH_COOKIES.session];
      if (session !== undefined || policy.csrf === 'always') {
        const header = request.headers[CSRF_HEADER];
        if (!csrfMatchesSession(app.authSecret, session, request.cookies[AUTH_COOKIES.csrf], typeof header === 'string' ? header : undefined)) {
          throw new HttpError(
            403,
            AUTH_ERROR_CODES.csrf,
            'The security check for this request failed. Reload the page and try again.',
          );
        }
      }
    }
  });

  // The CSRF cookie follows the session (issue 24): when an answer changes the session cookie (sign-in, sign-out,
  // Google, a password reset, an expired session ended) or sets a CSRF cookie, the browser is left holding a token
  // for the session it now has — the old one would fail with the new cookie. Runs after @fastify/cookie's own
  // onSend hook (registered first), so every cookie of the answer is in its Set-Cookie header by now.
  app.addHook('onSend', async (request, reply, payload) => {
    const set = cookiesSetBy(app, reply);
    if (!set.has(AUTH_COOKIES.session) && !set.has(AUTH_COOKIES.csrf)) return payload;
    const after = (name: string) => (set.has(name) ? (set.get(name) ?? undefined) : request.cookies[name]);
    const session = after(AUTH_COOKIES.session);
    if (isCsrfTokenFor(app.authSecret, after(AUTH_COOKIES.csrf), session)) return payload;
    dropSetCookie(reply, AUTH_COOKIES.csrf);
    setCsrfCookie(app, reply, issueCsrfToken(app.authSecret, session));
    return payload;
  });
}

/** Makes sure the browser holds a CSRF token cookie for the session cookie it sent; returns the token. */
export function ensureCsrfCookie(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): string {
  const current = request.cookies[AUTH_COOKIES.csrf];
  const session = request.cookies[AUTH_COOKIES.session];
  if (current && isCsrfTokenFor(app.authSecret, current, session)) return current;
  const token = issueCsrfToken(app.authSecret, session);
  setCsrfCookie(app, reply, token);
  return token;
}

function setCsrfCookie(app: FastifyInstance, reply: FastifyReply, token: string) {
  // Readable by the page (it echoes it in x-csrf-token); a session cookie (policy: deleted on close).
  reply.setCookie(AUTH_COOKIES.csrf, token, { path: '/', sameSite: 'lax', secure: app.config.publicUrl.startsWith('https://'), httpOnly: false });
}

const setCookieLines = (reply: FastifyReply): string[] => {
  const header = reply.getHeader('set-cookie');
  return header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
};

/** The cookies an answer sets, by name: the value as the next request's parser will read it, or null when deleted. */
function cookiesSetBy(app: FastifyInstance, reply: FastifyReply): Map<string, string | null> {
  const out = new Map<string, string | null>();
  for (const line of setCookieLines(reply)) {
    const [pair = '', ...attributes] = line.split(';');
    const [cookie] = Object.entries(app.parseCookie(pair));
    if (!cookie) continue;
    const [name, value] = cookie;
    const deleted =
      value === '' ||
      attributes.some((attribute) => {
        const [key = '', val = ''] = attribute.split('=').map((part) => part.trim());
        if (/^max-age$/i.test(key)) return Number(val) <= 0;
        return /^expires$/i.test(key) && Date.parse(val) <= Date.now();
      });
    out.set(name, deleted ? null : value);
  }
  return out;
}

function dropSetCookie(reply: FastifyReply, name: string) {
  const lines = setCookieLines(reply);
  const kept = lines.filter((line) => line.slice(0, line.indexOf('=')).trim() !== name);
  if (kept.length === lines.length) return;
  reply.removeHeader('set-cookie');
  if (kept.length) reply.header('set-cookie', kept);
}
