/** Billing: the provider interface and the built-in providers (importing this registers them). */
import './manual';
export { billingProvider, registerBillingProvider, type BillingCustomer, type BillingPeriod, type BillingProvider, type ChargeResult } from './provider';
export { manualProvider } from './manual';
