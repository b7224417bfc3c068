import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@/contract/errors';
import { fetchTemplatesResponseSchema, jobListSchema, jobParamsSchema, jobsQuerySchema, markShippedBodySchema, syncProductsResponseSchema } from '@/contract/fulfilment';
import { adminOrderSchema, orderParamsSchema } from '@/contract/shop';
import { FulfilmentProviderError, FulfilmentWebhookAuthError } from '@/server/adapters/fulfilment/fulfilment-provider';
import { LocalPrintShop, type PrintShopStep } from '@/server/adapters/fulfilment/local-print-shop';
import { orderLines, type PrintShopItem } from '@/server/db/schema/index';
import { badRequest, conflict, HttpError, notFound } from '@/server/lib/http-errors';
import { audited } from '../audit/audit.service';
import { certificatesContext } from '../certificates/certificates.module';
import { renderUnavailable } from '../certificates/render-pool';
import { lineCertificate } from '../certificates/line-certificate';
import { adminOrderView } from '../orders/admin-orders.service';
import { shopContext } from '../orders/context';
import { findOrder, PAID_STATUSES } from '../orders/orders.service';
import { awardProductTemplatesRoutes } from './award-product-templates.routes';
import {
  applyFulfilmentEvent,
  FULFIL_JOB,
  fetchTemplates,
  externalIdOf,
  markShipped,
  orderIdOf,
  resubmit,
  submitOrder,
  syncCatalogue,
  verifyPrintFileToken,
  type FulfilmentContext,
} from './fulfilment.service';

export const FULFILMENT_WEBHOOK_PATH = '/api/webhooks/fulfilment';
const PRINT_SHOP_JOB = 'print-shop.advance';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 502: apiErrorSchema };

/**
 * Printing and shipping (issue 10, docs/decisions/083): the submission job, the shipment webhook, the print files
 * the provider downloads, the local print shop's schedule, and the admin tools (template dashboard, product sync,
 * resubmit / mark shipped, the jobs page).
 */
export const fulfilmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.fulfilment;
  const ctx: FulfilmentContext = { db: app.db, jobs: app.jobs, provider, secret: app.authSecret, publicUrl: app.config.publicUrl, log: app.log };
  const certificates = certificatesContext(app);

  // A provider that is down for an hour delays orders, never loses them: about a day of backed-off retries.
  app.jobs.register<{ orderId: string }>(FULFIL_JOB, { retryLimit: 30, expireInSeconds: 600, concurrency: 2 }, async ({ orderId }) => {
    await submitOrder(ctx, orderId);
  });

  // ---------- the built-in print shop: its files, its schedule, its webhooks ----------
  if (provider instanceof LocalPrintShop) {
    const shop = provider;
    const filesDir = path.join(app.config.dataDir, 'print-shop');
    app.jobs.register<{ id: string; to: PrintShopStep }>(PRINT_SHOP_JOB, { retryLimit: 20, expireInSeconds: 120 }, async ({ id, to }) => {
      await shop.advance(id, to);
    });
    shop.hooks = {
      async renderFiles(externalId, items): Promise<PrintShopItem[]> {
        const orderId = orderIdOf(externalId);
        const order = orderId ? await findOrder(app.db, orderId) : null;
        if (!order) throw new Error(`order ${externalId} not found`);
        const dir = path.join(filesDir, order.number);
        await fs.mkdir(dir, { recursive: true });
        const drawn: PrintShopItem[] = [];
        for (const item of items) {
          const [line] = await app.db.select().from(orderLines).where(and(eq(orderLines.id, item.externalId), eq(orderLines.orderId, order.id)));
          if (!line) throw new Error(`order line ${item.externalId} not found`);
          const { data, template } = await lineCertificate(certificates, order, line);
          // 300 DPI A4 print file and the A4 PDF, written whole or not at all (a temp file renamed into place).
          const png = await app.renderer.printPng(data, template);
          const pdf = await app.renderer.pdf(data, template);
          const base = `line-${line.position + 1}`;
          for (const [ext, bytes] of [['png', png], ['pdf', pdf]] as const) {
            const tmp = path.join(dir, `.${base}.${ext}.${process.pid}.tmp`);
            await fs.writeFile(tmp, bytes);
            await fs.rename(tmp, path.join(dir, `${base}.${ext}`));
          }
          drawn.push({ ...item, printFile: path.join('print-shop', order.number, `${base}.png`), pdfFile: path.join('print-shop', order.number, `${base}.pdf`) });
        }
        return drawn;
      },
      async deliver(body, token) {
        const res = await app.inject({ method: 'POST', url: `${FULFILMENT_WEBHOOK_PATH}?token=${encodeURIComponent(token)}`, headers: { 'content-type': 'application/json' }, payload: body });
        return res.statusCode >= 200 && res.statusCode < 300;
      },
      async schedule(id, to, afterSeconds) {
        await app.jobs.send(PRINT_SHOP_JOB, { id, to }, { startAfterSeconds: afterSeconds, singletonKey: `${id}:${to}` });
      },
    };

    app.post(
      '/api/admin/orders/:orderId/fulfilment/advance',
      {
        config: { admin: true },
        schema: {
          tags: ['admin'],
          summary: 'Built-in print shop: move the order to its next step now (audited)',
          description: 'Submitted → in production → shipped, reported through the same webhook as Printful.',
          params: orderParamsSchema,
          response: { 200: adminOrderSchema, ...errors },
        },
      },
      async (request) => {
        const actor = await app.auth.requireActor(request);
        const order = await findOrder(app.db, request.params.orderId);
        if (!order) throw notFound('We could not find that order.', 'ORDER_NOT_FOUND');
        const shopOrder = await shop.findByExternalId(externalIdOf(order.id));
        if (!shopOrder || !shopOrder.filesReadyAt) throw conflict('The print shop has not received this order yet.', 'fulfilment', 'NOT_AT_PRINT_SHOP');
        if (shopOrder.status === 'fulfilled') throw conflict('The print shop has already shipped this order.', 'fulfilment', 'ALREADY_SHIPPED');
        await app.db.transaction((tx) =>
          audited(
            tx,
            actor,
            { action: 'order.print_shop_advanced', entityType: 'order', entityId: order.id, before: { print_shop_status: shopOrder.status }, after: null },
            async () => undefined,
          ),
        );
        await shop.advance(shopOrder.id);
        return adminOrderView(shopContext(app), order.id);
      },
    );
  }

  // ---------- the shipment webhook (Printful's v1 format, for both providers) ----------
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
    raw.post(
      FULFILMENT_WEBHOOK_PATH,
      {
        config: { csrf: 'exempt' },
        schema: {
          tags: ['store'],
          summary: 'Print provider events (Printful v1 webhooks)',
          description: 'Authenticated by the secret token in the URL registered with the provider. Idempotent: a replayed event changes nothing.',
          querystring: z.object({ token: z.string().max(200).optional() }),
          response: { 200: z.object({ received: z.literal(true), outcome: z.string() }), 400: apiErrorSchema, 401: apiErrorSchema },
        },
      },
      async (request) => {
        const body = request.body;
        if (!Buffer.isBuffer(body)) throw badRequest('Expected a JSON event body.', 'body');
        let event;
        try {
          event = provider.readWebhook(body, (request.query as { token?: string }).token);
        } catch (err) {
          if (err instanceof FulfilmentWebhookAuthError) throw new HttpError(401, 'BAD_WEBHOOK_TOKEN', `Webhook authentication failed: ${err.message}.`);
          throw badRequest('The event could not be read.', 'body', 'BAD_EVENT');
        }
        const outcome = await applyFulfilmentEvent(ctx, provider.name, event, JSON.parse(body.toString('utf8')));
        request.log.info({ event: event.key, outcome }, 'fulfilment webhook');
        return { received: true as const, outcome };
      },
    );
  });

  // ---------- print files, for the provider to download ----------
  app.get(
    '/api/fulfilment/files/:orderId/:lineId/print.png',
    {
      schema: {
        tags: ['store'],
        summary: 'The 300 DPI print file of a paid order line (signed link for the print provider)',
        params: z.object({ orderId: z.uuid({ message: 'orderId must be an order id' }), lineId: z.uuid({ message: 'lineId must be an order line id' }) }),
        querystring: z.object({ token: z.string().max(200).optional() }),
        produces: ['image/png'],
        response: { 200: z.string().describe('PNG'), 404: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { orderId, lineId } = request.params;
      if (!verifyPrintFileToken(app.authSecret, orderId, lineId, request.query.token)) throw notFound('No such print file.', 'PRINT_FILE_NOT_FOUND');
      const order = await findOrder(app.db, orderId);
      const [line] = order ? await app.db.select().from(orderLines).where(and(eq(orderLines.id, lineId), eq(orderLines.orderId, orderId))) : [];
      if (!order || !line || !line.requiresShipping || !PAID_STATUSES.includes(order.status)) throw notFound('No such print file.', 'PRINT_FILE_NOT_FOUND');
      const { data, template } = await lineCertificate(certificates, order, line);
      let png: Buffer;
      try {
        png = await app.renderer.printPng(data, template);
      } catch (error) {
        throw renderUnavailable(error);
      }
      return reply
        .type('image/png')
        .header('cache-control', 'private, max-age=3600')
        .header('x-robots-tag', 'noindex')
        .send(png as unknown as string);
    },
  );

  // ---------- admin: the home page tools (spec §6/§7) ----------
  const providerError = (err: unknown) => {
    if (err instanceof FulfilmentProviderError) return new HttpError(502, 'PROVIDER_ERROR', err.message);
    return err;
  };

  app.post(
    '/api/admin/functions/fetch-all-printful-templates',
    {
      config: { admin: true },
      schema: { tags: ['admin'], summary: 'fetch-all-printful-templates: the print provider’s templates and products', response: { 200: fetchTemplatesResponseSchema, ...errors } },
    },
    async () => {
      try {
        return await fetchTemplates(ctx);
      } catch (err) {
        throw providerError(err);
      }
    },
  );

  app.post(
    '/api/admin/functions/sync-printful-products',
    {
      config: { admin: true },
      schema: {
        tags: ['admin'],
        summary: 'sync-printful-products: replace every product and variant with the provider’s catalogue (audited)',
        description: 'Deletes all variants and products, then writes the catalogue, in one transaction: a failure leaves the old catalogue.',
        response: { 200: syncProductsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const actor = await app.auth.requireActor(request);
      try {
        const result = await syncCatalogue(ctx, actor);
        app.catalogCache.clear();
        return { message: result.message };
      } catch (err) {
        throw providerError(err);
      }
    },
  );

  // ---------- admin: an order's fulfilment ----------
  app.post(
    '/api/admin/orders/:orderId/fulfilment/resubmit',
    {
      config: { admin: true },
      schema: { tags: ['admin'], summary: 'Send the order to the print provider again (audited)', params: orderParamsSchema, response: { 200: adminOrderSchema, ...errors } },
    },
    async (request) => {
      const actor = await app.auth.requireActor(request);
      const order = await findOrder(app.db, request.params.orderId);
      if (!order) throw notFound('We could not find that order.', 'ORDER_NOT_FOUND');
      if (!['paid', 'partially_refunded', 'in_production'].includes(order.status)) {
        throw conflict('Only a paid order that has not shipped can be sent to the printer.', 'status', 'NOT_PRINTABLE');
      }
      const [shippable] = await app.db.select({ id: orderLines.id }).from(orderLines).where(and(eq(orderLines.orderId, order.id), eq(orderLines.requiresShipping, true))).limit(1);
      if (!shippable) throw conflict('This order has nothing to print.', 'fulfilment', 'NOTHING_TO_PRINT');
      await resubmit(ctx, actor, order);
      return adminOrderView(shopContext(app), order.id);
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
      const order = await findOrder(app.db, request.params.orderId);
      if (!order) throw notFound('We could not find that order.', 'ORDER_NOT_FOUND');
      if (!['paid', 'partially_refunded', 'in_production'].includes(order.status) || order.shippedAt) {
        throw conflict(order.shippedAt ? 'This order has already shipped.' : 'Only a paid order can be marked shipped.', 'status', 'NOT_SHIPPABLE');
      }
      await markShipped(ctx, actor, order.id, request.body);
      return adminOrderView(shopContext(app), order.id);
    },
  );

  // ---------- admin: jobs ----------
  app.get(
    '/api/admin/jobs',
    {
      config: { admin: true },
      schema: { tags: ['admin'], summary: 'Background jobs, newest first, with counts per queue and state', querystring: jobsQuerySchema, response: { 200: jobListSchema, ...errors } },
    },
    async (request) => {
      const [jobs, counts] = await Promise.all([app.jobs.list({ ...request.query, limit: 200 }), app.jobs.counts()]);
      return {
        jobs: jobs.map((j) => ({
          id: j.id,
          name: j.name,
          state: j.state,
          data: j.data,
          error: errorOf(j.output),
          retry_count: j.retryCount,
          retry_limit: j.retryLimit,
          created_on: j.createdOn.toISOString(),
          start_after: j.startAfter.toISOString(),
          started_on: j.startedOn?.toISOString() ?? null,
          completed_on: j.completedOn?.toISOString() ?? null,
        })),
        counts,
        queues: app.jobs.names,
      };
    },
  );

  app.post(
    '/api/admin/jobs/:name/:jobId/retry',
    {
      config: { admin: true },
      schema: { tags: ['admin'], summary: 'Run a failed or waiting job now (audited)', params: jobParamsSchema, response: { 200: z.object({ retried: z.literal(true) }), ...errors } },
    },
    async (request) => {
      const actor = await app.auth.requireActor(request);
      const { name, jobId } = request.params;
      if (!app.jobs.names.includes(name)) throw notFound('There is no such job queue.', 'QUEUE_NOT_FOUND');
      const ok = await app.jobs.retryNow(name, jobId);
      if (!ok) throw conflict('Only a failed job or one waiting for its next attempt can be run again.', 'jobId', 'NOT_RETRYABLE');
      await app.db.transaction((tx) =>
        audited(tx, actor, { action: 'job.retried', entityType: 'job', entityId: jobId, before: null, after: { name } }, async () => undefined),
      );
      return { retried: true as const };
    },
  );

  await app.register(awardProductTemplatesRoutes);
};

/** pg-boss keeps a failed attempt's error as {message, stack, …} in the job's output. */
function errorOf(output: unknown): string | null {
  if (!output || typeof output !== 'object') return null;
  const o = output as { message?: unknown; value?: unknown };
  if (typeof o.message === 'string') return o.message;
  if (typeof o.value === 'string') return o.value;
  return null;
}
