import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '@/server/lib/http-errors';
import type { Actor } from '../audit';
import type { AuthService, Caller, RequestAuth, SessionUser, SetCookies } from './auth.service';

/** The caller of a request as the auth service takes it: plain values, no Fastify. */
export function callerOf(request: FastifyRequest): Caller {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null, cookie: request.headers.cookie ?? null };
}

/** Puts the Set-Cookie headers an auth service call answered with on the reply. */
export function applyCookies(reply: FastifyReply, cookies: SetCookies): void {
  for (const cookie of cookies) reply.header('set-cookie', cookie);
}

/**
 * The auth module's HTTP layer, decorated as `app.auth` (docs/decisions/065): what any route needs to know about
 * the caller of a request — looked up once per request — and the service itself for everything else
 * (`app.auth.service`). Routes call these; services get plain values and never see a request.
 */
export class AuthHttp {
  private readonly cache = new WeakMap<FastifyRequest, Promise<RequestAuth>>();

  constructor(readonly service: AuthService) {}

  /**
   * Who is calling: the session from the cookie, the user and whether they are an admin. Looked up once per
   * request; with `reply`, a session renewed by the lookup gets its new cookie.
   */
  getAuth(request: FastifyRequest, reply?: FastifyReply): Promise<RequestAuth> {
    let cached = this.cache.get(request);
    if (!cached) {
      cached = this.service.session(callerOf(request)).then(({ auth, cookies }) => {
        if (reply) applyCookies(reply, cookies);
        return auth;
      });
      this.cache.set(request, cached);
    }
    return cached;
  }

  /** The signed-in user of the request, or 401 UNAUTHORIZED. */
  async requireUser(request: FastifyRequest, reply?: FastifyReply): Promise<RequestAuth & { user: SessionUser }> {
    const auth = await this.getAuth(request, reply);
    if (!auth.user) throw unauthorized();
    return auth as RequestAuth & { user: SessionUser };
  }

  /** The signed-in user of the request as the author of an audited change (their id and address), or 401. */
  async requireActor(request: FastifyRequest): Promise<Actor> {
    const { user } = await this.requireUser(request);
    return { userId: user.id, ip: request.ip };
  }

  /** Forget the looked-up caller (after signing in or out, or changing the password, within the same request). */
  forget(request: FastifyRequest): void {
    this.cache.delete(request);
  }
}
