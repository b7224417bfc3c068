import { FlaskConical } from 'lucide-react';
import { cn } from '@/web/lib/utils';

/** What test mode does to an order (docs/decisions/119), in the words of the order page and the account's order list. */
export const SIMULATED_FULFILMENT = 'Printing and shipping are simulated';

/** The order page's note on an order paid in test mode. */
export const TEST_MODE_ORDER = `This order was paid in test mode: no real money moved. ${SIMULATED_FULFILMENT} too: the built-in print shop goes through each step without printing or posting anything, and its carrier and tracking number are made up.`;

/** Every payment screen of the built-in test card processor says so (docs/decisions/074). */
export function TestModeNote({ className, children }: { className?: string; children?: React.ReactNode }) {
  return (
    <p
      role="note"
      className={cn('flex items-start gap-2 rounded-2xl border border-dashed border-gold-dark/60 bg-gold/15 px-4 py-3 text-sm text-ink', className)}
    >
      <FlaskConical className="mt-0.5 size-4 shrink-0 text-gold-dark" aria-hidden="true" />
      <span>
        <strong className="font-semibold">Test mode.</strong>{' '}
        {children ?? 'No real money moves: pay with the test card 4242 4242 4242 4242, any future expiry date and any CVC.'}
      </span>
    </p>
  );
}
