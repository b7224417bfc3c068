/**
 * The payments module's face (docs/decisions/108): an order's payment, its charges and refunds, the provider's
 * webhook events, and the payment's state machine. Its tables are written nowhere else.
 */
export { PAYMENT_TRANSITIONS, canMovePayment, movePayment, payUnpaid, type PaidMove, type PaymentActor, type PaymentMove } from './payment-status';
export {
  attachProviderSession,
  chargesOf,
  claimEvent,
  newPayment,
  deferredEvents,
  failRefund,
  findPayment,
  findRefund,
  insertRefunds,
  lockPayment,
  lockPendingRefund,
  markEventDeferred,
  markEventProcessed,
  orderIdForEvent,
  paymentsNeverOpened,
  PAID_PAYMENT_STATUSES,
  paymentHistory,
  planRefund,
  reconciledPayments,
  recordCharge,
  refundsOf,
  settleRefund,
  staleRefunds,
  stopWatching,
  storeEvent,
  touchPayment,
  unsettledPayments,
  forgetPaymentPages,
  type ChargeRow,
  type PaymentRow,
  type PaymentTransitionRow,
  type RefundPiece,
  type RefundRow,
} from './payments.service';
export { finishRefundJob, reconcileJob } from './payments.job-defs';
