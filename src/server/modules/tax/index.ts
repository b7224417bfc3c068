/**
 * The tax module's face (docs/decisions/133): the taxes of a destination from the rate table and the shop's
 * overrides. It owns no table; the order keeps the taxes it was sold with.
 */
export { destinationTax, EU_COUNTRIES, type DestinationTax, type TaxComponent, type TaxSettings } from './destination-tax';
