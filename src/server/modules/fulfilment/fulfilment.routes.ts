import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@/contract/errors';
import { fetchTemplatesResponseSchema, jobListSchema, jobParamsSchema, jobsQuerySchema, syncProductsResponseSchema } from '@/contract/fulfilment';
import { FulfilmentProviderError, FulfilmentWebhookAuthError } from '@/server/adapters/fulfilment/fulfilment-provider';
import type { PrintShopItem } from '@/server/db/schema/fulfilment';
import { BoundedFiles } from '@/server/lib/bounded-files';
import { registerEvictable } from '@/server/lib/disk-full';
import { badRequest, conflict, HttpError, notFound } from '@/server/lib/http-errors';
import { shopDeps } from '@/server/workflows/deps';
import { orderToPrint, printFile, printFilesDeps } from '@/server/workflows/print-files';
import { shipmentUpdated } from '@/server/workflows/shipment-updated';
import { syncCatalogue } from '@/server/workflows/sync-catalogue';
import { audited } from '../audit';
import { awardProductTemplatesRoutes } from './award-product-templates.routes';
import { fetchTemplates, orderIdOf, verifyPrintFileToken } from './fulfilment.service';

export const FULFILMENT_WEBHOOK_PATH = '/api/webhooks/fulfilment';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 502: apiErrorSchema };

/**
 * Printing and shipping (issue 10, docs/decisions/083): the submission job, the shipment webhook, the print files
 * the provider downloads (drawn by workflows/print-files.ts), the local print shop's schedule, and the admin tools
 * (template dashboard, product sync, the jobs page). An order's own fulfilment actions (advance, resubmit, mark
 * shipped) are the orders module's admin routes.
 */
export const fulfilmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.fulfilment;
  const deps = shopDeps(app);
  const printDeps = printFilesDeps(app);

  // ---------- the built-in print shop: how it draws its files and reaches our webhook ----------
  if (provider.local) {
    const filesDir = path.join(app.config.dataDir, 'print-shop');
    // The printer's copies (nothing in the shop reads them back; the print-file link draws its own): bounded by PRINT_SHOP_FILES_MAX_MB and kept above
    // DATA_DIR_MIN_FREE_MB, the oldest going first (docs/decisions/112).
    const printFiles = new BoundedFiles({ dir: filesDir, maxBytes: app.config.printShopFilesMaxMb * 1024 * 1024, minFreeBytes: app.config.diskMinFreeMb * 1024 * 1024 });
    const unregister = registerEvictable(printFiles);
    app.addHook('onClose', async () => unregister());
    provider.local.connect({
      async renderFiles(externalId: string, items: PrintShopItem[]): Promise<PrintShopItem[]> {
        const toPrint = await orderToPrint(printDeps, orderIdOf(externalId));
        if (!toPrint) throw new Error(`order ${externalId} not found`);
        const { order, lines } = toPrint;
        const dir = path.join(filesDir, order.number);
        const drawn: PrintShopItem[] = [];
        for (const item of items) {
          const line = lines.find((l) => l.id === item.externalId);
          if (!line) throw new Error(`order line ${item.externalId} not found`);
          const { data, template } = await toPrint.certificateOf(line);
          // 300 DPI A4 print file and the A4 PDF, drawn in the render pool, written whole or not at all.
          const png = await app.renderer.printPng(data, template);
          const pdf = await app.renderer.pdf(data, template);
          const base = `line-${line.position + 1}`;
          // Room first (a full disk fails the job, which is tried again later), then each file whole or not at all.
          await printFiles.reserve(png.length + pdf.length);
          await fs.mkdir(dir, { recursive: true });
          for (const [ext, bytes] of [['png', png], ['pdf', pdf]] as const) {
            const tmp = path.join(dir, `.${base}.${ext}.${process.pid}.tmp`);
            const file = path.join(dir, `${base}.${ext}`);
            try {
              await fs.writeFile(tmp, bytes);
              await fs.rename(tmp, file);
            } catch (err) {
              await fs.rm(tmp, { force: true });
              throw err;
            }
            printFiles.added(file, bytes.length);
          }
          drawn.push({ ...item, printFile: path.join('print-shop', order.number, `${base}.png`), pdfFile: path.join('print-shop', order.number, `${base}.pdf`) });
        }
        return drawn;
      },
      async deliver(body: string, token: string) {
        const res = await app.inject({ method: 'POST', url: `${FULFILMENT_WEBHOOK_PATH}?token=${encodeURIComponent(token)}`, headers: { 'content-type': 'application/json' }, payload: body });
        return res.statusCode >= 200 && res.statusCode < 300;
      },
    });
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
        const outcome = await shipmentUpdated.run({ ...deps, log: request.log }, { provider: provider.name, event, payload: JSON.parse(body.toString('utf8')), actor: { kind: 'provider' } });
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
      const png = await printFile(printDeps, orderId, lineId);
      if (!png) throw notFound('No such print file.', 'PRINT_FILE_NOT_FOUND');
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
        return await fetchTemplates({ provider });
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
        const result = await syncCatalogue.run({ ...deps, provider, log: request.log }, { actor });
        app.catalogCache.clear();
        return { message: result.message };
      } catch (err) {
        throw providerError(err);
      }
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
