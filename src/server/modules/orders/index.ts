/**
 * The orders module's face (docs/decisions/108): the order, its lines and its lifecycle. Other modules and the
 * workflows use only what is exported here; its tables are written nowhere else (eslint: local/module-boundaries).
 */
export { ORDER_TRANSITIONS, canMoveOrder, lockOrder, lockOrderToRelease, moveOrder, noteOrder, type OrderActor, type OrderMove } from './order-lifecycle';
export {
  addOrderLine,
  countOrdersOf,
  findOrder,
  findOrderByKey,
  historyOf,
  insertOrder,
  linesOfAward,
  ordersOfEmail,
  linesOf,
  orderAccessToken,
  ordersPastExpiry,
  shippableLinesOf,
  verifyOrderToken,
  type NewOrder,
  type OrderEventRow,
  type OrderLineRow,
  type OrderRow,
} from './orders.service';
export { customerVisible, exportOrdersOf, overviewStates, isPaidFor, lineDownloadPath, listMyOrders, orderParts, orderView, statesOf, type OrderParts } from './order-view';
export { orderLink, orderMailJob, orderMailJobs, paidInTestMode, resendConfirmation, sendOrderMail, type OrderMailDeps, type OrderMailKind } from './order-mails';
export { adminOrderView, listOrders, ADMIN_ORDERS_PAGE_SIZE } from './admin-orders.service';
export { anonymiseOrdersOf, ERASED_ORDER_EMAIL, ERASED_ORDER_NAME, isErasedOrderEmail, ordersOfAddress, ordersOnTheirWay } from './order-erasure';
export { displayStatusCondition } from './order-filters';
export { orderForRequest } from './order-access';
