import { FulfilmentMappingError, FulfilmentProviderError, type FulfilmentOrder } from '@/server/adapters/fulfilment/fulfilment-provider';
import { stop, workflow } from '@/server/lib/workflow';
import { findFulfilment, lockFulfilment, moveFulfilment, noteFulfilmentError, submissionOf } from '@/server/modules/fulfilment';
import { findOrder, paidInTestMode, shippableLinesOf } from '@/server/modules/orders';
import { findPayment } from '@/server/modules/payments';
import { variantRefsBySku } from '@/server/modules/products';
import type { ShopDeps } from './deps';

export type SubmitOutcome = 'submitted' | 'already' | 'skipped' | 'problem';

/**
 * submitToPrinter (fulfilment; docs/decisions/083, 108, docs/order-pipeline.md): the `fulfilment.submit` job sends
 * a paid order's pending hand-off to the print provider, once.
 *  1. read the hand-off and the order (a hand-off no longer pending — cancelled by a refund, sent already — is left);
 *  2. send it: idempotent twice over, because the provider answers a repeated external id with the first order
 *     (a crash between its answer and our record); the print files are links the provider fetches, drawn when it
 *     asks — submitting never waits for a drawing;
 *  3. record it in one transaction: submitted with the provider's id, or a problem for an admin when the provider
 *     refuses in a way retrying cannot fix, or the order cannot be put in its terms (an item with no provider
 *     variant: refused before anything is sent, the order kept for a resubmit once it is linked). A provider that does not answer leaves the reason on the hand-off and
 *     the job retries with backoff.
 * Paid with a test card, the order goes as a draft a real provider neither prints nor charges for.
 */
export const submitToPrinter = workflow<{ fulfilmentId: string }, ShopDeps>('submitToPrinter')
  .step('read the hand-off and its order', async ({ deps, input }) => {
    const fulfilment = await findFulfilment(deps.db, input.fulfilmentId);
    if (!fulfilment || fulfilment.status !== 'pending') return stop<SubmitOutcome>(fulfilment?.providerOrderId ? 'already' : 'skipped');
    const [order, lines, payment] = await Promise.all([findOrder(deps.db, fulfilment.orderId), shippableLinesOf(deps.db, fulfilment.orderId), findPayment(deps.db, fulfilment.orderId)]);
    if (!order?.shippingAddress || !lines.length) return stop<SubmitOutcome>('skipped');
    const refs = await variantRefsBySku(deps.db, lines.map((l) => l.sku));
    return { fulfilment, submission: submissionOf(deps, order, lines, refs, { confirm: !paidInTestMode(payment, deps.payments.testMode) }) };
  })
  .step('send it to the printer', async ({ deps, fulfilment, submission }) => {
    try {
      return { sent: (await deps.printer.submitOrder(submission)) as FulfilmentOrder | null, refusal: null as string | null };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      // Refused before it was sent (an item the provider cannot name): the same problem for an admin, in its own words.
      if (err instanceof FulfilmentMappingError) return { sent: null, refusal: `Not sent to the printer: ${message}` };
      if (err instanceof FulfilmentProviderError && !err.retryable) return { sent: null, refusal: `The print provider refused the order: ${message}` };
      await noteFulfilmentError(deps.db, fulfilment.id, `Waiting to retry: ${message}`);
      throw err; // the job retries with backoff
    }
  })
  .step('record the hand-off', async ({ deps, fulfilment, sent, refusal, log }) => {
    const outcome = await deps.db.transaction(async (tx): Promise<SubmitOutcome> => {
      const current = await lockFulfilment(tx, fulfilment.id);
      if (!current || current.status !== 'pending') return 'already';
      if (sent) {
        await moveFulfilment(tx, {
          fulfilmentId: current.id,
          orderId: current.orderId,
          from: 'pending',
          to: 'submitted',
          actor: 'system',
          reason: `Sent to ${deps.printer.name === 'printful' ? 'Printful' : 'the print shop'} as ${sent.id}.`,
          set: { providerOrderId: sent.id, provider: deps.printer.name, submittedAt: new Date(), error: null },
        });
        return 'submitted';
      }
      await moveFulfilment(tx, {
        fulfilmentId: current.id,
        orderId: current.orderId,
        from: 'pending',
        to: 'problem',
        actor: 'provider',
        reason: refusal!,
        set: { error: refusal },
      });
      return 'problem';
    });
    if (outcome === 'submitted') log.info({ orderId: fulfilment.orderId, fulfilmentId: sent?.id, existing: sent?.existing }, 'order sent to the print provider');
    if (outcome === 'problem') log.error({ orderId: fulfilment.orderId, refusal }, 'the print provider refused an order; an admin must look at it');
    return { outcome };
  })
  .returns(({ outcome }) => outcome);
