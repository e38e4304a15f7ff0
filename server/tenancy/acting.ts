import type { Role, User } from '../db/types';
import type { Actor } from '../lib/unit-of-work';
import type { CurrentOrganization } from './repository';

/**
 * Who is acting, built once per request by `actingFrom(req)` (server/tenancy/from-request.ts) and passed to
 * services with the validated input: the signed-in user, the organisation they act in (the session's
 * current one, or the one a route names) and their role there (null: a platform admin who is not a
 * member), plus what the activity log records (ip, user agent) and the browser socket that is left
 * out of broadcasts. Services and repositories never see Express.
 */
export interface Acting extends Actor {
  user: User;
  organization: CurrentOrganization | null;
  role: Role | null;
}

/** The acting user in the organisation a service works on (for services that need one). */
export interface ActingIn extends Acting {
  organization: CurrentOrganization;
}

/**
 * Whoever acts in an organisation, a member or its API token (issue #28): what the record services
 * need (the organisation, and the actor for the activity log). `ActingIn` is one; the API builds
 * one from the token (`apiActor`, user null).
 */
export interface OrgActor extends Actor {
  organization: CurrentOrganization;
}
