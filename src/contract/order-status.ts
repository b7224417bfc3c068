/**
 * An order's three state machines, and what a person reads from them (docs/decisions/108, docs/order-pipeline.md).
 *
 * The order, its payment and its fulfilment each have their own status, kept by their own module; this file holds
 * their values and the ONE function that says what they add up to ("On its way · partly refunded"). Server and web
 * both read it, and the admin's status filter is built from it (src/server/modules/orders/order-filters.ts), so a
 * word never means two things. Kept apart from shop.ts so a page that only shows a status loads no schemas.
 */

/** The order's lifecycle: placed → open (paid) → completed; or cancelled / abandoned before it was paid. */
export const LIFECYCLE_STATUSES = ['pending', 'open', 'completed', 'cancelled', 'abandoned'] as const;
export type LifecycleStatus = (typeof LIFECYCLE_STATUSES)[number];

/** The payment: unpaid → paid (or failed, then paid with another card) → partly refunded → refunded. */
export const PAYMENT_STATUSES = ['unpaid', 'failed', 'paid', 'partially_refunded', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The fulfilment as a whole: none (nothing to print), then the least advanced of its hand-offs to the printer. */
export const FULFILMENT_STATUSES = ['none', 'pending', 'submitted', 'in_production', 'shipped', 'delivered', 'problem', 'cancelled'] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

/** The one word for an order in lists, badges and the admin's filter (the API's `status`). */
export const ORDER_STATUS_VALUES = [
  'pending_payment',
  'payment_failed',
  'paid',
  'in_production',
  'shipped',
  'delivered',
  'partially_refunded',
  'refunded',
  'cancelled',
  'abandoned',
] as const;
export type OrderStatus = (typeof ORDER_STATUS_VALUES)[number];

/** How each status reads to a customer (and in admin badges and the filter). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Waiting for payment',
  payment_failed: 'Payment declined',
  paid: 'Paid',
  in_production: 'Being printed',
  shipped: 'On its way',
  delivered: 'Delivered',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
  abandoned: 'Abandoned',
};

/** How a status looks wherever it is shown as a badge: something went wrong, waiting, closed (given up or money back), going well. */
export type OrderStatusTone = 'trouble' | 'waiting' | 'closed' | 'good';

export const ORDER_STATUS_TONES: Record<OrderStatus, OrderStatusTone> = {
  pending_payment: 'waiting',
  payment_failed: 'trouble',
  paid: 'good',
  in_production: 'good',
  shipped: 'good',
  delivered: 'good',
  partially_refunded: 'closed',
  refunded: 'closed',
  cancelled: 'trouble',
  abandoned: 'closed',
};

export const LIFECYCLE_LABELS: Record<LifecycleStatus, string> = {
  pending: 'Placed',
  open: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
  abandoned: 'Abandoned',
};

export const PAYMENT_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'Waiting for payment',
  failed: 'Payment declined',
  paid: 'Paid',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
};

export const FULFILMENT_LABELS: Record<FulfilmentStatus, string> = {
  none: 'Nothing to print',
  pending: 'Waiting for the printer',
  submitted: 'At the printer',
  in_production: 'Being printed',
  shipped: 'On its way',
  delivered: 'Delivered',
  problem: 'Printing problem',
  cancelled: 'Not printed',
};

/** The three machines of one order. */
export interface OrderStates {
  lifecycle: LifecycleStatus;
  payment: PaymentStatus;
  fulfilment: FulfilmentStatus;
}

export interface OrderDescription {
  status: OrderStatus;
  /** "On its way · partly refunded" */
  label: string;
}

/** The payment statuses of an order that was paid (a refund after it included). */
export const PAID_PAYMENT_STATUSES: readonly PaymentStatus[] = ['paid', 'partially_refunded', 'refunded'];

/** Whether a payment status (or a payment history entry's `to_status`) means the order was paid. */
export const isPaidPayment = (status: string): boolean => (PAID_PAYMENT_STATUSES as readonly string[]).includes(status);

/**
 * What an order reads as, from its three statuses — the one place this is decided. Customers never see an internal
 * printing problem (their order is simply paid); admins do.
 */
export function describeOrder(s: OrderStates, audience: 'customer' | 'admin' = 'customer'): OrderDescription {
  const paid = isPaidPayment(s.payment);
  if (!paid) {
    if (s.lifecycle === 'abandoned') return { status: 'abandoned', label: ORDER_STATUS_LABELS.abandoned };
    if (s.lifecycle === 'cancelled') return { status: 'cancelled', label: ORDER_STATUS_LABELS.cancelled };
    return s.payment === 'failed'
      ? { status: 'payment_failed', label: ORDER_STATUS_LABELS.payment_failed }
      : { status: 'pending_payment', label: ORDER_STATUS_LABELS.pending_payment };
  }
  const moving: OrderStatus | null =
    s.fulfilment === 'delivered' ? 'delivered' : s.fulfilment === 'shipped' ? 'shipped' : s.fulfilment === 'in_production' ? 'in_production' : null;
  if (s.payment === 'refunded') {
    return moving && moving !== 'in_production'
      ? { status: moving, label: `${ORDER_STATUS_LABELS[moving]} · refunded` }
      : { status: 'refunded', label: ORDER_STATUS_LABELS.refunded };
  }
  if (!moving) {
    if (s.payment === 'partially_refunded') return { status: 'partially_refunded', label: ORDER_STATUS_LABELS.partially_refunded };
    const problem = audience === 'admin' && s.fulfilment === 'problem';
    return { status: 'paid', label: problem ? `${ORDER_STATUS_LABELS.paid} · printing problem` : ORDER_STATUS_LABELS.paid };
  }
  const label = ORDER_STATUS_LABELS[moving];
  return { status: moving, label: s.payment === 'partially_refunded' ? `${label} · partly refunded` : label };
}

/** Every combination of the three machines (for the admin's filter, built from describeOrder, and for tests). */
export function everyOrderState(): OrderStates[] {
  return LIFECYCLE_STATUSES.flatMap((lifecycle) =>
    PAYMENT_STATUSES.flatMap((payment) => FULFILMENT_STATUSES.map((fulfilment) => ({ lifecycle, payment, fulfilment }))),
  );
}
