import type { Request } from 'express';
import { currentOrganization } from '../features/organizations/tenancy';
import { actorFrom, type Actor } from './unit-of-work';

/** Who acts, and in which organisation: what a service needs to know of a request, and no more. */
export interface ActingIn {
  organizationId: number;
  actor: Actor;
}

/** The current organisation and actor of a request (a controller's job; services never see `req`). */
export const actingIn = (req: Request): ActingIn => ({ organizationId: currentOrganization(req).id, actor: actorFrom(req) });
