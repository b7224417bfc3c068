import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@/contract/errors';
import { adminOrderListSchema, adminOrderSchema, adminOrdersQuerySchema, cancelBodySchema, orderParamsSchema, refundBodySchema } from '@/contract/shop';
import { shopContext } from './context';
import { adminOrderView, cancelOrder, listOrders, refundOrder, resendConfirmation } from './admin-orders.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 502: apiErrorSchema };

/** /api/admin/orders: list, detail, refund, cancel, resend (issue 9). Admins only: the app-wide hook, by route. */
export const adminOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = shopContext(app);

  app.get(
    '/api/admin/orders',
    {
      config: { admin: true },
      schema: {
        tags: ['admin'],
        summary: 'Orders, newest first: search by number, email or name; filter by status and date',
        querystring: adminOrdersQuerySchema,
        response: { 200: adminOrderListSchema, ...errors },
      },
    },
    async (request) => listOrders(ctx, request.query),
  );

  app.get(
    '/api/admin/orders/:orderId',
    {
      config: { admin: true },
      schema: { tags: ['admin'], summary: 'An order with its timeline, payment ids and refunds', params: orderParamsSchema, response: { 200: adminOrderSchema, ...errors } },
    },
    async (request) => adminOrderView(ctx, request.params.orderId),
  );

  app.post(
    '/api/admin/orders/:orderId/refund',
    {
      config: { admin: true },
      schema: {
        tags: ['admin'],
        summary: 'Refund all or part of what is left, through the payment provider (audited)',
        params: orderParamsSchema,
        body: refundBodySchema,
        response: { 200: adminOrderSchema, ...errors },
      },
    },
    async (request) => refundOrder(ctx, await app.auth.requireActor(request), request.params.orderId, request.body),
  );

  app.post(
    '/api/admin/orders/:orderId/cancel',
    {
      config: { admin: true },
      schema: { tags: ['admin'], summary: 'Cancel an unpaid order (audited)', params: orderParamsSchema, body: cancelBodySchema, response: { 200: adminOrderSchema, ...errors } },
    },
    async (request) => cancelOrder(ctx, await app.auth.requireActor(request), request.params.orderId, request.body.reason),
  );

  app.post(
    '/api/admin/orders/:orderId/resend-confirmation',
    {
      config: { admin: true },
      schema: { tags: ['admin'], summary: 'Send the order confirmation again (audited)', params: orderParamsSchema, response: { 200: adminOrderSchema, ...errors } },
    },
    async (request) => resendConfirmation(ctx, await app.auth.requireActor(request), request.params.orderId),
  );
};
