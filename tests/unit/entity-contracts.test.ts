import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOARD_USER_FIELD_NAMES, BOARD_USER_FIELDS } from '../../shared/board-user-fields';
import { LOCALES } from '../../shared/i18n';
import { INSIGHT_FIELD_NAMES, INSIGHT_FIELDS, LOGGED_INSIGHT_FIELDS } from '../../shared/insight-fields';
import { INVITATION_FIELDS, MEMBERSHIP_FIELDS, ROLES } from '../../shared/member-fields';
import { LOGGED_ORGANIZATION_FIELDS, ORGANIZATION_FIELD_NAMES, ORGANIZATION_FIELDS } from '../../shared/organization-fields';
import { insightSchema } from '../../server/features/insights/schema';
import { inviteSchema } from '../../server/features/invitations/schema';
import { createOrganizationSchema, updateOrganizationSchema } from '../../server/features/organizations/schema';
import { updateRoleSchema } from '../../server/features/users/schema';
import { ROLES as POLICY_ROLES } from '../../server/tenancy/policy';
import { KNOWN_FIELDS } from '../../resources/js/Pages/Organizations/Partials/ActivityChanges';

/**
 * The entity contracts (shared/*-fields.ts, #25) are where each field is stated once: the server's
 * schemas validate exactly their fields, with their limits, and every field has its words in every
 * language (its name in validation messages and in the activity log's changes).
 */
const catalog = (locale: string, namespace: string) => JSON.parse(readFileSync(path.resolve('lang', locale, `${namespace}.json`), 'utf8'));
const attributeKey = (attribute: string) => attribute.replaceAll(' ', '_');

const CONTRACTS = {
  'board user': BOARD_USER_FIELDS,
  insight: INSIGHT_FIELDS,
  organisation: ORGANIZATION_FIELDS,
  invitation: INVITATION_FIELDS,
  membership: MEMBERSHIP_FIELDS,
} as const;

describe('entity contracts', () => {
  it('each schema validates exactly its contract’s fields', () => {
    expect(Object.keys(insightSchema.shape).sort()).toEqual([...INSIGHT_FIELD_NAMES].sort());
    expect(Object.keys(updateOrganizationSchema.shape).sort()).toEqual([...ORGANIZATION_FIELD_NAMES].sort());
    expect(Object.keys(createOrganizationSchema.shape).sort()).toEqual(ORGANIZATION_FIELD_NAMES.filter((f) => ORGANIZATION_FIELDS[f].onCreate).sort());
    expect(Object.keys(inviteSchema.shape).sort()).toEqual(Object.keys(INVITATION_FIELDS).sort());
    expect(Object.keys(updateRoleSchema.shape)).toEqual(Object.keys(MEMBERSHIP_FIELDS));
    expect(POLICY_ROLES).toEqual(ROLES);
  });

  it('the limits are the contract’s: its longest value passes, one more character does not', () => {
    const insight = { title: 'x', category: 'risk', board_user_ids: [] };
    for (const field of ['title', 'summary', 'body'] as const) {
      const max = INSIGHT_FIELDS[field].max;
      expect(insightSchema.safeParse({ ...insight, [field]: 'a'.repeat(max) }).success, field).toBe(true);
      expect(insightSchema.safeParse({ ...insight, [field]: 'a'.repeat(max + 1) }).success, field).toBe(false);
    }
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(insightSchema.safeParse({ ...insight, board_user_ids: ids(INSIGHT_FIELDS.board_user_ids.max) }).success).toBe(true);
    expect(insightSchema.safeParse({ ...insight, board_user_ids: ids(INSIGHT_FIELDS.board_user_ids.max + 1) }).success).toBe(false);
    const organization = { name: 'Acme', slug: 'acme-board' };
    for (const field of ['name', 'description'] as const) {
      const max = ORGANIZATION_FIELDS[field].max;
      expect(updateOrganizationSchema.safeParse({ ...organization, [field]: 'a'.repeat(max) }).success, field).toBe(true);
      expect(updateOrganizationSchema.safeParse({ ...organization, [field]: 'a'.repeat(max + 1) }).success, field).toBe(false);
    }
  });

  it('an update logs the contract’s logged fields', () => {
    expect(LOGGED_INSIGHT_FIELDS).toEqual(['title', 'summary', 'category']);
    expect(LOGGED_ORGANIZATION_FIELDS).toEqual(['name', 'slug', 'description', 'website', 'public_page_enabled']);
  });

  for (const locale of LOCALES) {
    it(`${locale}: every field has its name in validation messages and in the activity log`, () => {
      const attributes = catalog(locale, 'validation').attributes as Record<string, string>;
      const fieldName = catalog(locale, 'organizations').activity.changes.fieldName as string;
      const missing: string[] = [];
      for (const [entity, fields] of Object.entries(CONTRACTS)) {
        for (const [field, spec] of Object.entries(fields)) {
          if (!attributes[attributeKey(spec.attribute)]) missing.push(`${entity}.${field}: validation.attributes.${attributeKey(spec.attribute)}`);
          if (!new RegExp(`[ ,]${field} \\{`).test(fieldName)) missing.push(`${entity}.${field}: organizations.activity.changes.fieldName`);
          if (!KNOWN_FIELDS.has(field)) missing.push(`${entity}.${field}: ActivityChanges' KNOWN_FIELDS`);
        }
      }
      expect(missing).toEqual([]);
    });
  }

  it('board-user and insight labels exist on their forms in every language', () => {
    for (const locale of LOCALES) {
      const boardUserLabels = catalog(locale, 'boardUsers').form.fields as Record<string, string>;
      const insightLabels = catalog(locale, 'insights').form.fields as Record<string, string>;
      for (const field of BOARD_USER_FIELD_NAMES) expect(boardUserLabels[BOARD_USER_FIELDS[field].label], `${locale} ${field}`).toBeTruthy();
      for (const field of INSIGHT_FIELD_NAMES) expect(insightLabels[INSIGHT_FIELDS[field].label], `${locale} ${field}`).toBeTruthy();
    }
  });
});
