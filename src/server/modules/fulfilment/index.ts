/**
 * The fulfilment module's face (docs/decisions/083, 108): the hand-offs to the printer, their state machine, the
 * provider's shipment events, and the award → product mappings. Its tables are written nowhere else.
 */
export { FULFILMENT_TRANSITIONS, canMoveFulfilment, moveFulfilment, noteFulfilment, type FulfilmentActor, type FulfilmentMove } from './fulfilment-status';
export {
  addShipment,
  cancelWaitingFulfilments,
  createFulfilment,
  externalIdOf,
  fetchTemplates,
  findFulfilment,
  fulfilmentHistory,
  fulfilmentsOf,
  lockFulfilment,
  lockOrderFulfilment,
  noteFulfilmentError,
  orderFulfilmentStatus,
  orderIdOf,
  printFileUrl,
  setFulfilmentEventOutcome,
  storeFulfilmentEvent,
  submissionOf,
  unlinkStaleMappings,
  verifyPrintFileToken,
  type FulfilmentEventOutcome,
  type FulfilmentRow,
  type FulfilmentTransitionRow,
} from './fulfilment.service';
export { confirmJob, submitJob } from './fulfilment.job-defs';
