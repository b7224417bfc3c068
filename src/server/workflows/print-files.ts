import type { FastifyInstance } from 'fastify';
import { certificatesContext, lineCertificate, renderUnavailable, type CertificatesContext } from '@/server/modules/certificates';
import { findOrder, isPaidFor, linesOf, type OrderLineRow } from '@/server/modules/orders';
import { findPayment } from '@/server/modules/payments';

/**
 * The print files of an order's lines (docs/decisions/083): the 300 DPI PNG the print provider downloads, and the
 * files the built-in print shop draws. They join three modules — the order and its lines (orders), when it was paid
 * (payments) and each line's certificate (certificates) — for the fulfilment module's routes, which import none of
 * them (the modules never import each other in a circle: src/server/module-boundaries.test.ts).
 */

/** What the print files are drawn with: the certificate services' view of the app. */
export const printFilesDeps = (app: FastifyInstance): CertificatesContext => certificatesContext(app);

/**
 * An order as the built-in print shop draws it: the order, its lines and each line's certificate, dated when the
 * order was paid. Null when there is no such order.
 */
export async function orderToPrint(deps: CertificatesContext, orderId: string | null) {
  const order = orderId ? await findOrder(deps.db, orderId) : null;
  if (!order) return null;
  const lines = await linesOf(deps.db, order.id);
  const paidAt = (await findPayment(deps.db, order.id))?.paidAt ?? null;
  return { order, lines, certificateOf: (line: OrderLineRow) => lineCertificate(deps, order, line, paidAt) };
}

/**
 * The print file (300 DPI PNG) of a paid order's line that is shipped, drawn in the render pool; null when there
 * is no such line to print. A busy or failed render is the renderer's 503.
 */
export async function printFile(deps: CertificatesContext, orderId: string, lineId: string): Promise<Buffer | null> {
  const order = await findOrder(deps.db, orderId);
  const line = order ? (await linesOf(deps.db, orderId)).find((l) => l.id === lineId) : undefined;
  const payment = order ? await findPayment(deps.db, orderId) : null;
  if (!order || !line || !line.requiresShipping || !isPaidFor(payment)) return null;
  const { data, template } = await lineCertificate(deps, order, line, payment!.paidAt);
  try {
    return await deps.renderer.printPng(data, template);
  } catch (error) {
    throw renderUnavailable(error);
  }
}
