import { CURRENCY } from '../../account/plans';
import { registerBillingProvider, type BillingProvider } from './provider';

/**
 * "Manual" billing: the amount due is recorded in the subscription history (to invoice by hand)
 * and no money moves. It never declines.
 */
export const manualProvider: BillingProvider = {
  name: 'manual',
  async charge(customer, plan, period) {
    const day = period.start.toISOString().slice(0, 10).replaceAll('-', '');
    return { ok: true, amountCents: plan.priceCents, currency: CURRENCY, reference: `MAN-${customer.organizationId}-${day}-${plan.id}` };
  },
  async cancel() {},
  async resume() {},
};

registerBillingProvider(manualProvider);
