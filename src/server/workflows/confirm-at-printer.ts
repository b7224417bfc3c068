import { FulfilmentProviderError, type ConfirmedOrder } from '@/server/adapters/fulfilment/fulfilment-provider';
import { stop, workflow } from '@/server/lib/workflow';
import { externalIdOf, findFulfilment, lockFulfilment, moveFulfilment, noteFulfilment, noteFulfilmentError } from '@/server/modules/fulfilment';
import { paidInTestMode } from '@/server/modules/orders';
import { findPayment } from '@/server/modules/payments';
import type { ShopDeps } from './deps';

export type ConfirmOutcome = 'confirmed' | 'not_a_draft' | 'left_a_draft' | 'problem' | 'skipped';

/** Printful's words for an order that is in its print queue (or past it): nothing stops it any more. */
const UNDER_WAY = new Set(['pending', 'inprocess', 'partial', 'fulfilled']);

/**
 * confirmAtPrinter (fulfilment; docs/decisions/123): the `fulfilment.confirm` job, enqueued when the print provider
 * takes an order off hold. Printful puts such an order back to draft, and prints it only once it is confirmed again.
 *  1. read the hand-off (one that has shipped, was cancelled or never reached the printer is left);
 *  2. confirm it at the provider — idempotent, because the provider is asked first and only a draft is confirmed; an
 *     order paid with a test card is never confirmed (its draft must never be printed or charged);
 *  3. record it in one transaction: back at the printer, with a line in its history; or, when the provider refuses,
 *     a problem whose words tell an admin what happened (Resubmit confirms a draft it finds, too). A provider that
 *     does not answer leaves the reason on the hand-off and the job retries with backoff.
 */
export const confirmAtPrinter = workflow<{ fulfilmentId: string }, ShopDeps>('confirmAtPrinter')
  .step('read the hand-off', async ({ deps, input }) => {
    const fulfilment = await findFulfilment(deps.db, input.fulfilmentId);
    if (!fulfilment || !['problem', 'submitted', 'in_production'].includes(fulfilment.status)) return stop<ConfirmOutcome>('skipped');
    if (!deps.printer.confirmOrder || fulfilment.provider !== deps.printer.name) return stop<ConfirmOutcome>('skipped');
    const testCard = paidInTestMode(await findPayment(deps.db, fulfilment.orderId), deps.payments.testMode);
    return { fulfilment, testCard };
  })
  .step('confirm it at the printer', async ({ deps, fulfilment, testCard }) => {
    if (testCard) return { confirmed: null as ConfirmedOrder | null, refusal: null as string | null };
    try {
      return { confirmed: (await deps.printer.confirmOrder!(externalIdOf(fulfilment.orderId))) as ConfirmedOrder | null, refusal: null as string | null };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (err instanceof FulfilmentProviderError && !err.retryable) return { confirmed: null, refusal: message };
      await noteFulfilmentError(deps.db, fulfilment.id, `Taken off hold at Printful; waiting to retry its confirmation: ${message}`);
      throw err; // the job retries with backoff
    }
  })
  .step('record it', async ({ deps, fulfilment, testCard, confirmed, refusal, log }) => {
    const outcome = await deps.db.transaction(async (tx): Promise<ConfirmOutcome> => {
      const current = await lockFulfilment(tx, fulfilment.id);
      if (!current || !['problem', 'submitted', 'in_production'].includes(current.status)) return 'skipped';
      const at = { fulfilmentId: current.id, orderId: current.orderId };
      /** Back at the printer: a problem (the hold) is over; otherwise a line in its history. */
      const back = async (reason: string) => {
        if (current.status === 'problem') await moveFulfilment(tx, { ...at, from: 'problem', to: 'submitted', actor: 'system', reason, set: { error: null } });
        else await noteFulfilment(tx, { ...at, status: current.status, actor: 'system', reason });
      };
      if (testCard) {
        await back('Left a draft at Printful after its hold: it was paid with a test card, so it is never confirmed or printed.');
        return 'left_a_draft';
      }
      if (confirmed?.confirmed) {
        await back(`Confirmed again at Printful after its hold: back in the print queue (${confirmed.status}).`);
        return 'confirmed';
      }
      if (confirmed && UNDER_WAY.has(confirmed.status)) {
        await back(`Back in Printful's print queue after its hold (${confirmed.status}): nothing to confirm.`);
        return 'not_a_draft';
      }
      const why = refusal
        ? `Printful would not confirm the order after its hold: ${refusal}`
        : `Printful did not take the order back after its hold (it says ${confirmed?.status ?? 'nothing'}): look at it in Printful, then resubmit.`;
      if (current.status === 'problem') {
        await noteFulfilmentError(tx, current.id, why);
        await noteFulfilment(tx, { ...at, status: 'problem', actor: 'provider', reason: why });
      } else {
        await moveFulfilment(tx, { ...at, from: current.status, to: 'problem', actor: 'provider', reason: why, set: { error: why } });
      }
      return 'problem';
    });
    if (outcome === 'problem') log.error({ orderId: fulfilment.orderId, refusal }, 'the print provider did not take an order back after its hold; an admin must look at it');
    else log.info({ orderId: fulfilment.orderId, outcome }, 'order taken off hold at the print provider');
    return { outcome };
  })
  .returns(({ outcome }) => outcome);
