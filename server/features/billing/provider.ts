import type { PlanDefinition } from '../../account/plans';

/** The stretch of time a charge pays for. */
export interface BillingPeriod {
  start: Date;
  end: Date;
}

export interface BillingCustomer {
  organizationId: number;
  organizationName: string;
  subscriptionId: number;
}

export type ChargeResult = { ok: true; amountCents: number; currency: string; reference: string } | { ok: false; reason: string };

/**
 * The one seam between subscriptions and money. The app ships only `manual` (amounts are
 * recorded, nobody is charged); a card processor plugs in here and nowhere else.
 *
 * Calls happen inside the subscription's transaction, with its row locked, so one period is
 * never charged twice; a provider that talks to a network must be idempotent per `reference`.
 */
export interface BillingProvider {
  readonly name: string;
  /** Takes (or records) the price of `plan` for `period`. A refusal is a result, not an exception. */
  charge(customer: BillingCustomer, plan: PlanDefinition, period: BillingPeriod): Promise<ChargeResult>;
  /** The customer stops renewing at the end of the period (nothing is refunded). */
  cancel(customer: BillingCustomer, endsAt: Date): Promise<void>;
  /** A cancellation is withdrawn during its grace period. */
  resume(customer: BillingCustomer): Promise<void>;
}

const providers = new Map<string, BillingProvider>();

export function registerBillingProvider(provider: BillingProvider): void {
  providers.set(provider.name, provider);
}

/** The provider a subscription row names (`subscriptions.provider`). */
export function billingProvider(name: string): BillingProvider {
  const provider = providers.get(name);
  if (!provider) throw new Error(`No billing provider named "${name}" is registered.`);
  return provider;
}
