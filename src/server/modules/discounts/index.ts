/**
 * The discounts module's face (docs/decisions/072, 108): discount codes and the uses orders make of them. Its
 * tables are written nowhere else.
 */
export { checkDiscount, discountUseOf, redeemDiscount, releaseDiscount, reserveAgain, reserveDiscount, USED_UP_MESSAGE, type DiscountCheck, type DiscountRule } from './discounts.service';
export { adminDiscountsRoutes } from './admin-discounts.routes';
