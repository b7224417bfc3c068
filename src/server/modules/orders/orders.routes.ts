import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@/contract/errors';
import { myOrdersSchema, orderParamsSchema, orderQuerySchema, orderSchema } from '@/contract/shop';
import { notFound, unauthorized } from '@/server/lib/http-errors';
import { shopContext } from './context';
import { findOrder, listMyOrders, ORDER_MAIL_JOB, orderView, sendOrderMail, verifyOrderToken, type OrderMailKind } from './orders.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

/** An order for its owner, an admin or a holder of its link; my orders (issue 9). */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Order mails are written by a job enqueued with the change that causes them (docs/decisions/085).
  const ctx = shopContext(app);
  app.jobs.register<{ orderId: string; kind: OrderMailKind }>(ORDER_MAIL_JOB, { retryLimit: 10, expireInSeconds: 120 }, (data, job) =>
    sendOrderMail(ctx, data.orderId, data.kind, job.id),
  );

  app.get(
    '/api/orders/:orderId',
    {
      schema: {
        tags: ['store'],
        summary: 'An order: for its signed-in owner, an admin, or with the token from its link',
        description:
          'Signed out without a token: 401. Anyone else, or a wrong token: 404 ORDER_NOT_FOUND — the same answer as for an order that does not exist.',
        params: orderParamsSchema,
        querystring: orderQuerySchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { orderId } = request.params;
      const order = await findOrder(app.db, orderId);
      const byLink = order !== null && verifyOrderToken(app.authSecret, orderId, request.query.token);
      if (!byLink) {
        const { user, isAdmin } = await app.auth.getAuth(request, reply);
        if (!user && !request.query.token) throw unauthorized('Please sign in to see your order.');
        if (!order || !user || (order.userId !== user.id && !isAdmin)) throw notFound('We could not find that order.', 'ORDER_NOT_FOUND');
      }
      return orderView(app.db, order!, app.payments.testMode, app.authSecret);
    },
  );

  app.get(
    '/api/account/orders',
    {
      schema: {
        tags: ['account'],
        summary: 'My orders, newest first',
        response: { 200: myOrdersSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { user } = await app.auth.requireUser(request, reply);
      return { orders: await listMyOrders(app.db, user.id) };
    },
  );
};
