import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { VISITOR_COOKIE } from '@/contract/nominations';
import { newVisitorId, userVoter, VISITOR_ID_PATTERN, visitorVoter } from '../nominations';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Who is reacting (docs/decisions/033): the signed-in account, else the anonymous visitor of the
 * certifiable_visitor cookie. With `create`, a visitor without either gets a new cookie — only
 * ever when they react, so reading pages sets no cookie.
 */
export async function voterOf(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { create: boolean },
): Promise<string | null> {
  const { user } = await app.auth.getAuth(request, reply);
  if (user) return userVoter(user.id);
  const existing = request.cookies[VISITOR_COOKIE];
  if (existing && VISITOR_ID_PATTERN.test(existing)) return visitorVoter(existing);
  if (!opts.create) return null;
  const id = newVisitorId();
  reply.setCookie(VISITOR_COOKIE, id, {
    path: '/api',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.publicUrl.startsWith('https://'),
    maxAge: ONE_YEAR_SECONDS,
  });
  return visitorVoter(id);
}
