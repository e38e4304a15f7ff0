/**
 * Issue #25: the insight, organisation and member contracts make a forgotten field a type error
 * (checked by `npm run typecheck`; nothing here runs).
 */
import type { z } from 'zod';
import type { InsightField, InsightFormValues } from '../../shared/insight-fields';
import type { InvitationFormValues, Role } from '../../shared/member-fields';
import type { OrganizationField, OrganizationFormValues } from '../../shared/organization-fields';

// A rule table that leaves out an insight field does not compile (the schema is built from one).
// @ts-expect-error board_user_ids is missing
export const insightRules: Record<InsightField, z.ZodType> = { title: null!, summary: null!, body: null!, category: null! };

// The insight form holds every field, the category as chosen or nothing yet…
// @ts-expect-error summary is missing
export const insightForm: InsightFormValues = { title: '', body: '', category: '', board_user_ids: [] };
// @ts-expect-error 'weather' is not a category
export const badCategory: InsightFormValues['category'] = 'weather';

// An organisation table without the public page flag does not compile, nor a field that does not exist.
// @ts-expect-error public_page_enabled is missing
export const organizationRules: Record<OrganizationField, z.ZodType> = { name: null!, slug: null!, description: null!, website: null! };
// @ts-expect-error logo is not an organisation field
export const notAField: OrganizationField = 'logo';
// @ts-expect-error the flag is a yes/no value, not text
export const organizationForm: OrganizationFormValues = { name: '', slug: '', description: '', website: '', public_page_enabled: 'on' };

// An invitation names one of the roles.
// @ts-expect-error 'superuser' is not a role
export const invitation: InvitationFormValues = { email: 'a@example.test', role: 'superuser' };
export const role: Role = 'viewer';
