import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@/contract/errors';
import { orderQuerySchema } from '@/contract/shop';
import { sendPrivateDownload } from '@/server/lib/cache-control';
import { HttpError, notFound } from '@/server/lib/http-errors';
import { isPaidFor, linesOf, orderForRequest } from '../orders';
import { findPayment } from '../payments';
import { renderUnavailable } from './render-pool';
import type { CertificatesContext } from './certificates.service';
import { lineCertificate } from './line-certificate';

const params = z.object({
  orderId: z.uuid({ message: 'orderId must be an order id' }),
  lineId: z.uuid({ message: 'lineId must be an order line id' }),
});

/**
 * GET /api/orders/:orderId/lines/:lineId/certificate.pdf: the print-ready PDF of a digital line of a paid order,
 * for whoever may see the order (its owner, an admin, the holder of its link). Drawn by the same render pool as
 * every certificate file (503 with Retry-After when it is full). docs/decisions/076.
 */
export function orderFilesRoutes(ctx: CertificatesContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/orders/:orderId/lines/:lineId/certificate.pdf',
      {
        config: { signedIn: 'user-or-token' },
        schema: {
          tags: ['store'],
          summary: 'The PDF of a digital line of a paid order',
          params,
          querystring: orderQuerySchema,
          produces: ['application/pdf'],
          response: { 200: z.string().describe('PDF'), 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 410: apiErrorSchema, 503: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { orderId, lineId } = request.params;
        const order = await orderForRequest(app, request, reply, { orderId, token: request.query.token, signIn: 'Please sign in to download your certificate.' });
        const line = (await linesOf(ctx.db, orderId)).find((l) => l.id === lineId);
        if (!line || line.requiresShipping) throw notFound('This order has no digital certificate with that id.', 'LINE_NOT_FOUND');
        const payment = await findPayment(ctx.db, orderId);
        if (!isPaidFor(payment)) throw new HttpError(409, 'ORDER_NOT_PAID', 'The certificate can be downloaded once the order is paid.');

        const { data, template } = await lineCertificate(ctx, order, line, payment!.paidAt);
        let pdf: Buffer;
        try {
          pdf = await ctx.renderer.pdf(data, template);
        } catch (error) {
          throw renderUnavailable(error);
        }
        return sendPrivateDownload(reply, pdf, 'application/pdf', `certificate-${data.certificateNumber}.pdf`.replace(/[^A-Za-z0-9.-]/g, '-'));
      },
    );
  };
}
