import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@/contract/errors';
import { myOrdersSchema, orderParamsSchema, orderQuerySchema, orderSchema } from '@/contract/shop';
import { sendPrivateDownload } from '@/server/lib/cache-control';
import { notFound } from '@/server/lib/http-errors';
import { documentOf, invoiceDocument, renderInvoicePdf } from '../invoices';
import { customerVisible, listMyOrders, orderParts, orderView } from './order-view';
import { orderForRequest } from './order-access';

// Any short name passes here: who may see the order is checked first, then the name (a 404 for one it does not have).
const documentParamsSchema = orderParamsSchema.extend({
  file: z.string().max(40, { message: 'file must be a document number and .pdf, such as INV-000042.pdf' }),
});

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
      const order = await orderForRequest(app, request, reply, { ...request.params, token: request.query.token, signIn: 'Please sign in to see your order.' });
      const parts = await orderParts(app.db, order);
      if (!customerVisible(parts.states)) throw notFound('We could not find that order.', 'ORDER_NOT_FOUND');
      return orderView(app.db, parts, { testMode: app.payments.testMode, secret: app.authSecret });
    },
  );

  app.get(
    '/api/orders/:orderId/documents/:file',
    {
      config: { signedIn: 'user-or-token' },
      schema: {
        tags: ['store'],
        summary: 'An invoice or credit note of an order, as a PDF',
        description:
          'For whoever may see the order (its owner, an admin, the holder of its link): `INV-000042.pdf`, `CN-000003.pdf`. Issued when the receipt or the refund mail is written (docs/decisions/132). 404 DOCUMENT_NOT_FOUND for a number the order does not have.',
        params: documentParamsSchema,
        querystring: orderQuerySchema,
        produces: ['application/pdf'],
        response: { 200: z.string().describe('PDF'), ...errors },
      },
    },
    async (request, reply) => {
      const { orderId, file } = request.params;
      await orderForRequest(app, request, reply, { orderId, token: request.query.token, signIn: 'Please sign in to download your invoice.' });
      const number = /^((?:INV|CN)-\d{6,})\.pdf$/.exec(file)?.[1];
      const row = number ? await documentOf(app.db, orderId, number) : null;
      if (!row) throw notFound('This order has no invoice or credit note with that number.', 'DOCUMENT_NOT_FOUND');
      return sendPrivateDownload(reply, await renderInvoicePdf(invoiceDocument(row)), 'application/pdf', `${row.number}.pdf`);
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
