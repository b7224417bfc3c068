import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@/contract/errors';
import { adminOrderListSchema, adminOrderSchema, adminOrdersQuerySchema, cancelBodySchema, orderParamsSchema, refundBodySchema } from '@/contract/shop';
import { markShippedBodySchema } from '@/contract/fulfilment';
import { conflict } from '@/server/lib/http-errors';
import { cancelOrder } from '@/server/workflows/cancel-order';
import { mailDeps, shopDeps } from '@/server/workflows/deps';
import { advancePrintShop, markShipped, resubmitToPrinter } from '@/server/workflows/fulfilment-admin';
import { refundOrder } from '@/server/workflows/refund-order';
import { audited } from '../audit';
import { findPayment, PAID_PAYMENT_STATUSES } from '../payments';
import { adminOrderView, listOrders, orderOr404 } from './admin-orders.service';
import { resendConfirmation } from './order-mails';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 502: apiErrorSchema };

/**
 * /api/admin/orders: list, detail, refund, cancel, resend (issue 9), and the order's fulfilment: advance at the built-in
 * print shop, resubmit to the printer, mark shipped by hand (issue 10). Admins only: the app-wide hook, by route.
 */
export const adminOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = shopDeps(app);
  const view = (orderId: string) => adminOrderView(app.db, orderId, { testMode: app.payments.testMode, secret: app.authSecret, canAdvance: app.fulfilment.local?.canAdvance });

  app.get(
    '/api/admin/orders',
    {
      config: { admin: true },
      schema: {
        tags: ['admin'],
        summary: 'Orders, newest first: search by number, email or name; filter by what they read as and by date',
        querystring: adminOrdersQuerySchema,
        response: { 200: adminOrderListSchema, ...errors },
      },
    },
    async (request) => listOrders(app.db, request.query),
  );
  app.get(
    '/api/admin/orders/:orderId',
    {
      config: { admin: true },
      schema: { tags: ['admin'], summary: 'An order with its timeline, payment ids and refunds', params: orderParamsSchema, response: { 200: adminOrderSchema, ...errors } },
    },
    async (request) => view(request.params.orderId),
  );
  app.post(
    '/api/admin/orders/:orderId/refund',
    {
      config: { admin: true },
      schema: {
        tags: ['admin'],
        summary: 'Refund all or part of what is left, through the payment provider (audited; the refundOrder workflow)',
        params: orderParamsSchema,
        body: refundBodySchema,
        response: { 200: adminOrderSchema, ...errors },
      },
    },
    async (request) => {
      const actor = await app.auth.requireActor(request);
      await refundOrder.run({ ...deps, log: request.log }, { orderId: request.params.orderId, actor, amount: request.body.amount, reason: request.body.reason });
      return view(request.params.orderId);
    },
  );
  app.post(
    '/api/admin/orders/:orderId/cancel',
    {
      config: { admin: true },
      schema: { tags: ['admin'], summary: 'Cancel an unpaid order (audited)', params: orderParamsSchema, body: cancelBodySchema, response: { 200: adminOrderSchema, ...errors } },
    },
    async (request) => {
      const actor = await app.auth.requireActor(request);
      await cancelOrder.run({ ...deps, log: request.log }, { orderId: request.params.orderId, actor, reason: request.body.reason });
      return view(request.params.orderId);
    },
  );
  app.post(
    '/api/admin/orders/:orderId/resend-confirmation',
    {
      config: { admin: true },
      schema: { tags: ['admin'], summary: 'Send the order confirmation again (audited)', params: orderParamsSchema, response: { 200: adminOrderSchema, ...errors } },
    },
    async (request) => {
      const actor = await app.auth.requireActor(request);
      const order = await orderOr404(app.db, request.params.orderId);
      const payment = await findPayment(app.db, order.id);
      if (!payment || !PAID_PAYMENT_STATUSES.includes(payment.status)) throw conflict('Only a paid order has a confirmation to resend.', 'status', 'NOT_PAID');
      await resendConfirmation(mailDeps(deps), order);
      await app.db.transaction((tx) =>
        audited(tx, actor, { action: 'order.confirmation_resent', entityType: 'order', entityId: order.id, before: null, after: { to: order.email } }, async () => undefined),
      );
      return view(order.id);
    },
  );

  // ---------- the order's fulfilment (the fulfilment-admin workflows) ----------
  app.post(
    '/api/admin/orders/:orderId/fulfilment/resubmit',
    {
      config: { admin: true },
      schema: { tags: ['admin'], summary: 'Send the order to the print provider again (audited)', params: orderParamsSchema, response: { 200: adminOrderSchema, ...errors } },
    },
    async (request) => {
      const actor = await app.auth.requireActor(request);
      const order = await orderOr404(app.db, request.params.orderId);
      await resubmitToPrinter.run({ ...deps, log: request.log }, { orderId: order.id, actor });
      return view(order.id);
    },
  );

  app.post(
    '/api/admin/orders/:orderId/fulfilment/mark-shipped',
    {
      config: { admin: true },
      schema: {
        tags: ['admin'],
        summary: 'Mark the order shipped by hand, with carrier and tracking (audited; the customer is mailed)',
        params: orderParamsSchema,
        body: markShippedBodySchema,
        response: { 200: adminOrderSchema, ...errors },
      },
    },
    async (request) => {
      const actor = await app.auth.requireActor(request);
      const order = await orderOr404(app.db, request.params.orderId);
      await markShipped.run(
        { ...deps, log: request.log },
        { orderId: order.id, actor, carrier: request.body.carrier, trackingNumber: request.body.tracking_number, trackingUrl: request.body.tracking_url },
      );
      return view(order.id);
    },
  );

  app.post(
    '/api/admin/orders/:orderId/fulfilment/advance',
    {
      config: { admin: true },
      schema: {
        tags: ['admin'],
        summary: 'Built-in print shop: move the order to its next step now (audited)',
        description: 'Submitted → in production → shipped, reported through the same webhook as Printful. 409 for any other provider.',
        params: orderParamsSchema,
        response: { 200: adminOrderSchema, ...errors },
      },
    },
    async (request) => {
      const actor = await app.auth.requireActor(request);
      const order = await orderOr404(app.db, request.params.orderId);
      await advancePrintShop.run({ ...deps, log: request.log }, { orderId: order.id, actor });
      return view(order.id);
    },
  );
};
