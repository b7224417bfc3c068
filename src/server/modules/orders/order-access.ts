import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound, unauthorized } from '@/server/lib/http-errors';
import { findOrder, verifyOrderToken, type OrderRow } from './orders.service';

/**
 * The order a request may see, by the server's own data (docs/decisions/076): the holder of its link (the token
 * in it), its signed-in owner, or an admin. Signed out without a token: 401 with `signIn`; anyone else, a wrong
 * token, or no such order: 404 ORDER_NOT_FOUND — the same answer whether or not the order exists. Every route that
 * serves an order or one of its files (the order, its certificates' PDFs, its invoices) asks here.
 */
export async function orderForRequest(
  app: Pick<FastifyInstance, 'db' | 'authSecret' | 'auth'>,
  request: FastifyRequest,
  reply: FastifyReply,
  { orderId, token, signIn }: { orderId: string; token: string | undefined; signIn: string },
): Promise<OrderRow> {
  const order = await findOrder(app.db, orderId);
  if (order && verifyOrderToken(app.authSecret, orderId, token)) return order;
  const { user, isAdmin } = await app.auth.getAuth(request, reply);
  if (!user && !token) throw unauthorized(signIn);
  if (!order || !user || (order.userId !== user.id && !isAdmin)) throw notFound('We could not find that order.', 'ORDER_NOT_FOUND');
  return order;
}
