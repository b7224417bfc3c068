import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@/contract/errors';
import { myOrdersSchema, orderParamsSchema, orderQuerySchema, orderSchema } from '@/contract/shop';
import { notFound, unauthorized } from '@/server/lib/http-errors';
import { customerVisible, listMyOrders, orderParts, orderView } from './order-view';
import { findOrder, verifyOrderToken } from './orders.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

/** An order for its owner, an admin or a holder of its link; my orders (issue 9). */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/orders/:orderId',
    {
      config: { signedIn: 'user-or-token' },
      schema: {
        tags: ['store'],
        summary: 'An order: for its signed-in owner, an admin, or with the token from its link',
        description:
          'Signed out without a token: 401. Anyone else, a wrong token, or an order abandoned before it was paid: 404 ORDER_NOT_FOUND — the same answer as for an order that does not exist (admins see abandoned orders in /admin/orders).',
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
      const parts = await orderParts(app.db, order!);
      if (!customerVisible(parts.states)) throw notFound('We could not find that order.', 'ORDER_NOT_FOUND');
      return orderView(app.db, parts, { testMode: app.payments.testMode, secret: app.authSecret });
    },
  );

  app.get(
    '/api/account/orders',
    {
      config: { signedIn: 'user' },
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
