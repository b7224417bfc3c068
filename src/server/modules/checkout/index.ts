/**
 * The checkout module's face (docs/decisions/108): the shop's checkout (the placeOrder workflow behind POST
 * /api/checkout) and what a checkout request must carry. Other modules, the workflows and the rest of the server
 * import it only from here (eslint: local/module-boundaries); its route plugins are registered by src/server/app.ts.
 */
export { checkoutRequests, idempotencyKeyHeaders } from './checkout-requests';
