import { sql, type SQL } from 'drizzle-orm';
import { describeOrder, everyOrderState, type OrderStatus } from '@/contract/order-status';
import { orderOverview } from '@/server/db/schema/index';

/**
 * The admin's status filter (docs/decisions/108), built from describeOrder itself: "Being printed" matches exactly
 * the combinations of the three machines that describeOrder reads as in_production, so the list and its filter can
 * never disagree. A condition on order_overview.
 */
export function displayStatusCondition(status: OrderStatus): SQL {
  const combos = everyOrderState().filter((s) => describeOrder(s, 'admin').status === status);
  if (!combos.length) return sql`false`;
  const tuples = sql.join(
    combos.map((c) => sql`(${c.lifecycle}, ${c.payment}, ${c.fulfilment})`),
    sql`, `,
  );
  return sql`(${orderOverview.status}, ${orderOverview.paymentStatus}, ${orderOverview.fulfilmentStatus}) in (${tuples})`;
}
