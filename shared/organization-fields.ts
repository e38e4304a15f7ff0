/**
 * Every field of an organisation its admins edit, declared once (issue #25, as
 * shared/board-user-fields.ts). From here derive the server's validation
 * (server/features/organizations/schema.ts), the fields an update compares and logs, the form's
 * data type and its limits. A `Record<OrganizationField, …>` that forgets one does not compile.
 */
export type OrganizationFieldKind = 'text' | 'slug' | 'url' | 'notes' | 'flag';

export interface OrganizationFieldSpec {
  kind: OrganizationFieldKind;
  /** Its name in validation messages: `validation.attributes.<attribute>`. */
  attribute: string;
  max?: number;
  required?: boolean;
  /** Asked when the organisation is created (the public page is chosen later, on Edit). */
  onCreate: boolean;
  /** Compared and logged by an update (`organization.updated`'s before/after). */
  logged: boolean;
}

export const ORGANIZATION_FIELDS = {
  name: { kind: 'text', attribute: 'name', max: 255, required: true, onCreate: true, logged: true },
  slug: { kind: 'slug', attribute: 'slug', max: 50, required: true, onCreate: true, logged: true },
  description: { kind: 'notes', attribute: 'description', max: 2000, onCreate: true, logged: true },
  website: { kind: 'url', attribute: 'website', max: 255, onCreate: true, logged: true },
  public_page_enabled: { kind: 'flag', attribute: 'public page', onCreate: false, logged: true },
} as const satisfies Record<string, OrganizationFieldSpec>;

export type OrganizationField = keyof typeof ORGANIZATION_FIELDS;
export const ORGANIZATION_FIELD_NAMES = Object.keys(ORGANIZATION_FIELDS) as [OrganizationField, ...OrganizationField[]];

type Spec<K extends OrganizationField> = (typeof ORGANIZATION_FIELDS)[K];
export type LoggedOrganizationField = { [K in OrganizationField]: Spec<K> extends { logged: true } ? K : never }[OrganizationField];
export const LOGGED_ORGANIZATION_FIELDS = ORGANIZATION_FIELD_NAMES.filter((name) => ORGANIZATION_FIELDS[name].logged) as LoggedOrganizationField[];

/** What the form edits: text for every field, the flags as yes/no. */
export type OrganizationFormValues = { [K in OrganizationField]: Spec<K>['kind'] extends 'flag' ? boolean : string };

/** A new organisation's form: every text empty, the public page on. */
export const emptyOrganizationForm = (): OrganizationFormValues => ({ name: '', slug: '', description: '', website: '', public_page_enabled: true });
