import { createHmac, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/server/db/client';
import { printShopOrders, type PrintShopItem } from '@/server/db/schema/fulfilment';
import { seedProducts } from '@/server/db/seed/shop-data';
import { defineJob, handle, type JobQueue, type JobRegistration } from '@/server/modules/jobs';
import type {
  FulfilmentEvent,
  FulfilmentOrder,
  FulfilmentOrderInput,
  FulfilmentProvider,
  LocalFulfilmentProvider,
  LocalPrinterHooks,
  PrintProduct,
  PrintTemplate,
  ShippingRate,
  SyncProduct,
} from './fulfilment-provider';
import { checkWebhookToken, parsePrintfulWebhook, type PrintfulWebhookBody } from './printful-webhook';
import { simulatedShipment, simulatedShipmentFor, type SimulatedShipment } from './simulated-carriers';

export type PrintShopStep = 'inprocess' | 'fulfilled';

/**
 * The print shop draws an order's print files on a queue of its own, one order at a time (the render pool is
 * small): accepting an order never waits for a drawing, like a real printer that fetches its files later. Five at a
 * fetch, so that a backlog is drawn one after another without a polling pause between orders (job-queue.ts).
 * A drawing costs about 0.8 s of CPU, some forty checkouts' worth, and stands in for a printer's own machines: during
 * a rush it waits for a pause in the requests up to 5 s (decision 143), so that a rush that never ends still gets a
 * drawing every 5 s; five waits and drawings stay well inside its 300 s, which run from the fetch.
 */
export const printShopDrawJob = defineJob('print-shop.draw', z.object({ id: z.string().min(1).max(40) }), {
  retryLimit: 20,
  expireInSeconds: 300,
  concurrency: 1,
  batchSize: 5,
  waitForRequestsMs: 5_000,
});
/** Its next step (in production, shipped), on its pace. */
export const printShopAdvanceJob = defineJob('print-shop.advance', z.object({ id: z.string().min(1).max(40), to: z.enum(['inprocess', 'fulfilled']) }), {
  retryLimit: 20,
  expireInSeconds: 120,
  batchSize: 10,
});

const PRINTED = seedProducts.filter((p) => p.kind !== 'digital');

/**
 * The built-in print shop (docs/decisions/083): the default fulfilment provider. It accepts paid orders (one per
 * external id, like Printful), draws their print files into DATA_DIR, and moves each order through production to
 * shipped with a carrier and tracking number — on a schedule of PRINT_SHOP_STEP_MINUTES per step, or when an admin
 * says so — reporting every step as a Printful-shaped webhook to the same route Printful calls.
 */
export class LocalPrintShop implements FulfilmentProvider {
  readonly name = 'local' as const;
  readonly #db: Db;
  readonly #token: string;
  readonly #stepSeconds: number;
  readonly #jobs: JobQueue;
  hooks: LocalPrinterHooks | null = null;
  readonly local: LocalFulfilmentProvider;

  constructor(db: Db, authSecret: string, stepMinutes: number, jobs: JobQueue) {
    this.#db = db;
    this.#token = LocalPrintShop.webhookToken(authSecret);
    this.#stepSeconds = stepMinutes * 60;
    this.#jobs = jobs;
    this.local = {
      connect: (hooks) => {
        this.hooks = hooks;
      },
      jobs: (): JobRegistration[] => [
        handle(printShopDrawJob, ({ id }) => this.drawFiles(id)),
        handle(printShopAdvanceJob, async ({ id, to }) => {
          await this.advance(id, to);
        }),
      ],
      advanceByHand: async (externalId) => {
        const row = await this.findByExternalId(externalId);
        if (!row) return { moved: false, reason: 'The print shop has not received this order yet.' };
        if (!row.filesReadyAt) return { moved: false, reason: 'The print shop is still preparing the print files. Try again in a moment.' };
        if (row.status === 'fulfilled') return { moved: false, reason: 'The print shop has already shipped this order.' };
        return { moved: (await this.advance(row.id)) !== null, reason: null };
      },
      canAdvance: async (externalId) => {
        const row = await this.findByExternalId(externalId);
        // Its files drawn (a printer cannot print without them), and not shipped yet.
        return row !== null && row.filesReadyAt !== null && row.status !== 'fulfilled';
      },
    };
  }

  static webhookToken(authSecret: string): string {
    return createHmac('sha256', authSecret).update('local-print-shop-webhook').digest('base64url');
  }

  fetchTemplates(): Promise<{ templates: PrintTemplate[]; products: PrintProduct[] }> {
    const products = PRINTED.map((p, i) => ({ id: i + 1, name: p.name, thumbnail_url: p.thumbnailUrl }));
    const created = new Date(Date.UTC(2026, 10, 1)).toISOString();
    const templates = PRINTED.flatMap((p, i) =>
      (['A4', 'A3'] as const).map((size, j) => ({
        id: (i + 1) * 100 + j + 1,
        name: `${p.name}, ${size} landscape`,
        product_name: p.name,
        variant_ids: p.variants.map((_, k) => (i + 1) * 1000 + k + 1).filter((_, k) => p.variants[k]!.sku.includes(size)),
        is_default: j === 0,
        created,
      })),
    );
    return Promise.resolve({ templates, products });
  }

  fetchCatalogue(): Promise<SyncProduct[]> {
    return Promise.resolve(
      PRINTED.map((p, i) => ({
        ref: `local-${i + 1}`,
        slug: p.slug,
        name: p.name,
        description: p.description,
        kind: p.kind as 'print' | 'framed',
        thumbnailUrl: p.thumbnailUrl,
        variants: p.variants.map((v) => ({
          ref: `local-${v.sku}`,
          sku: v.sku,
          name: v.name,
          size: v.size,
          finish: v.finish,
          price: v.price,
          currency: 'USD',
          imageUrl: v.imageUrl,
          weightGrams: v.weightGrams,
        })),
      })),
    );
  }

  /**
   * Accepts an order (one per external id, like Printful) and queues the drawing of its files in the same
   * transaction; it answers at once.
   */
  async submitOrder(input: FulfilmentOrderInput): Promise<FulfilmentOrder> {
    const [existing] = await this.#db.select().from(printShopOrders).where(eq(printShopOrders.externalId, input.externalId));
    if (existing) return { id: existing.id, status: existing.status, existing: true };
    const id = `LPS-${randomBytes(5).toString('hex').toUpperCase()}`;
    const items: PrintShopItem[] = input.items.map((i) => ({ externalId: i.externalId, sku: i.sku, name: i.name, quantity: i.quantity, printFile: null, pdfFile: null }));
    const inserted = await this.#db.transaction(async (tx) => {
      const rows = await tx
        .insert(printShopOrders)
        .values({
          id,
          externalId: input.externalId,
          orderNumber: input.orderNumber,
          shipping: input.shipping,
          recipient: { ...input.recipient },
          items,
        })
        .onConflictDoNothing({ target: printShopOrders.externalId })
        .returning({ id: printShopOrders.id });
      if (rows.length) await this.#jobs.send(printShopDrawJob, { id }, { tx: tx as unknown as Db, singletonKey: id });
      return rows.length > 0;
    });
    if (!inserted) return this.submitOrder(input); // another submission won the race: answer with its order
    return { id, status: 'pending', existing: false };
  }

  /** The drawing job: renders the order's files into DATA_DIR, then the order goes on at the shop's pace. */
  async drawFiles(id: string): Promise<void> {
    const [row] = await this.#db.select().from(printShopOrders).where(eq(printShopOrders.id, id));
    if (!row || row.filesReadyAt) return;
    if (!this.hooks) throw new Error('the print shop is not connected to the app');
    const drawn = await this.hooks.renderFiles(row.externalId, row.items);
    await this.#db.transaction(async (tx) => {
      await tx.update(printShopOrders).set({ items: drawn, filesReadyAt: sql`now()`, updatedAt: sql`now()` }).where(eq(printShopOrders.id, id));
      if (this.#stepSeconds > 0) {
        await this.#jobs.send(printShopAdvanceJob, { id, to: 'inprocess' }, { tx: tx as unknown as Db, startAfterSeconds: this.#stepSeconds, singletonKey: `${id}:inprocess` });
      }
    });
  }

  shippingRates(): Promise<ShippingRate[] | null> {
    return Promise.resolve(null); // the shop's own shipping settings apply
  }

  readWebhook(body: Buffer, secret: string | undefined): FulfilmentEvent {
    checkWebhookToken(this.#token, secret);
    return parsePrintfulWebhook(body);
  }

  /**
   * Moves a print-shop order to `to` (default: its next step) — pending → inprocess (order_updated) → fulfilled
   * (package_shipped) — and tells the shop through its webhook. Asked again for a step already reached (a job
   * retried after the webhook failed), it reports that step again. Returns the step reported, or null.
   */
  async advance(id: string, to?: PrintShopStep): Promise<PrintShopStep | null> {
    const [row] = await this.#db.select().from(printShopOrders).where(eq(printShopOrders.id, id));
    if (!row || !row.filesReadyAt) return null;
    const next: PrintShopStep | null = to ?? (row.status === 'pending' ? 'inprocess' : row.status === 'inprocess' ? 'fulfilled' : null);
    if (!next) return null;
    // The destination's own post (or DHL Express), with a tracking number of its shape (simulated-carriers.ts).
    const country = row.recipient.countryCode;
    const express = row.shipping === 'EXPRESS';
    let shipment = row.trackingNumber ? simulatedShipmentFor(country, express, row.trackingNumber) : null;
    if (row.status !== next) {
      if (row.status !== (next === 'inprocess' ? 'pending' : 'inprocess')) return null;
      if (next === 'fulfilled') shipment = simulatedShipment(country, express);
      // Only one move wins per step, however many jobs or admins ask at once.
      const moved = await this.#db
        .update(printShopOrders)
        .set({ status: next, updatedAt: sql`now()`, ...(next === 'fulfilled' && shipment ? { carrier: shipment.carrier, trackingNumber: shipment.tracking } : {}) })
        .where(sql`${printShopOrders.id} = ${id} and ${printShopOrders.status} = ${row.status}`)
        .returning({ id: printShopOrders.id });
      if (!moved.length) return null;
    }
    await this.#report(row.id, row.externalId, next, next === 'fulfilled' ? shipment : null);
    if (next === 'inprocess' && this.#stepSeconds > 0) {
      await this.#jobs.send(printShopAdvanceJob, { id, to: 'fulfilled' }, { startAfterSeconds: this.#stepSeconds, singletonKey: `${id}:fulfilled` });
    }
    return next;
  }

  /** Sends the webhook for the order's current step again (the job retries until the shop has taken it). */
  async #report(id: string, externalId: string, status: string, shipment: SimulatedShipment | null) {
    if (!this.hooks) throw new Error('the print shop is not connected to the app');
    const body: PrintfulWebhookBody = shipment
      ? {
          type: 'package_shipped',
          created: Math.floor(Date.now() / 1000),
          retries: 0,
          data: {
            order: { id, external_id: externalId, status: 'fulfilled' },
            shipment: { id: `${id}-1`, carrier: shipment.carrier, service: shipment.service, tracking_number: shipment.tracking, tracking_url: shipment.url },
          },
        }
      : { type: 'order_updated', created: Math.floor(Date.now() / 1000), retries: 0, data: { order: { id, external_id: externalId, status } } };
    const ok = await this.hooks.deliver(JSON.stringify(body), this.#token);
    if (!ok) throw new Error(`the shop did not accept the ${body.type} webhook for ${id}`);
  }

  /** The print shop's order for one of our orders (admin pages). */
  async findByExternalId(externalId: string) {
    const [row] = await this.#db.select().from(printShopOrders).where(eq(printShopOrders.externalId, externalId));
    return row ?? null;
  }
}
