import { z } from 'zod';
import { refundBodySchema } from '@/contract/shop';
import { moneyText } from '@/web/lib/money-text';

const body = refundBodySchema.shape;

/**
 * The refund form of one order (docs/decisions/060): the amount as typed ("12.50"), at most what is left to refund,
 * then the contract's own rules for each field; its output is the request body, with no amount when it is
 * everything left.
 */
export function refundFormSchema(refundable: number, money: (minor: number) => string) {
  return z
    .object({
      amount: moneyText('Enter an amount such as 12.50')
        .refine((minor) => minor > 0, { message: 'Enter an amount such as 12.50' })
        .refine((minor) => minor <= refundable, { message: `At most ${money(refundable)} can be refunded` })
        .pipe(body.amount.unwrap()),
      reason: body.reason,
    })
    .transform(({ amount, reason }): RefundBody => ({ ...(amount === refundable ? {} : { amount }), reason }));
}
export type RefundForm = z.input<ReturnType<typeof refundFormSchema>>;
export type RefundBody = z.output<typeof refundBodySchema>;
