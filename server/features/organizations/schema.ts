import { z } from 'zod';
import { queryPage, queryText } from '../../lib/query';
import { checkbox, rule, currentPassword, email, id, optionalString, optionalUrl, requiredString } from '../../lib/fields';
import { withLabels } from '../../lib/validation';
import { msg } from '../../i18n/message';
import { ORGANIZATION_FIELDS, type OrganizationField } from '../../../shared/organization-fields';

/** docs/product.md "Entities": 3–50 characters, lowercase letters, digits and inner dashes. */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{1,48}[a-z0-9]$/;

/**
 * Slugs that would collide with our own paths (`/p/{slug}`, `/org-login/{slug}`), look official,
 * or are likely future top-level routes.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'about',
  'account',
  'accounts',
  'admin',
  'administrator',
  'api',
  'app',
  'apps',
  'assets',
  'auth',
  'billing',
  'blog',
  'board-users',
  'boardly',
  'broadcasting',
  'build',
  'cdn',
  'confirm-password',
  'contact',
  'create',
  'css',
  'dashboard',
  'delete',
  'docs',
  'edit',
  'email',
  'errors',
  'favicon',
  'forgot-password',
  'help',
  'history',
  'home',
  'img',
  'images',
  'insights',
  'invitations',
  'js',
  'legal',
  'login',
  'logout',
  'mail',
  'new',
  'null',
  'org',
  'org-login',
  'organization',
  'organizations',
  'orgs',
  'password',
  'pricing',
  'privacy',
  'privacy-policy',
  'profile',
  'public',
  'register',
  'reset-password',
  'root',
  'security',
  'select',
  'settings',
  'signin',
  'signup',
  'static',
  'status',
  'subscription',
  'support',
  'system',
  'terms',
  'undefined',
  'up',
  'user',
  'users',
  'verify-email',
  'welcome',
  'www',
]);
// Single letters and two-character slugs are already refused by the pattern (3+), but `p`
// (public pages) is listed for clarity in tests and docs.
export const isReservedSlug = (slug: string) => RESERVED_SLUGS.has(slug) || slug === 'p';

export const SLUG_FORMAT_MESSAGE = msg('validation.organizations.slugFormat');
export const SLUG_RESERVED_MESSAGE = msg('validation.organizations.slugReserved');
export const SLUG_TAKEN_MESSAGE = msg('validation.organizations.slugTaken');

export const slug = () =>
  requiredString(ORGANIZATION_FIELDS.slug.attribute, ORGANIZATION_FIELDS.slug.max)
    .transform((s) => s.toLowerCase())
    .pipe(
      z
        .string()
        .regex(SLUG_PATTERN, SLUG_FORMAT_MESSAGE)
        .refine((s) => !isReservedSlug(s), SLUG_RESERVED_MESSAGE),
    );

/** A checkbox that must really be a yes/no value (unlike `checkbox`, a wrong type is a field error). */
const flag = (label: string) =>
  z
    .union([z.boolean(), z.enum(['on', 'true', 'false', '1', '0', '']), z.null(), z.undefined()], { error: () => rule('boolean', label) })
    .optional()
    .transform((v) => v === true || v === 'on' || v === 'true' || v === '1');

/** The shared optional fields answer "Invalid input" for a number or an object: name the field instead. */
const textOnly = <T extends z.ZodType>(label: string, inner: T) =>
  z
    .custom<unknown>((v) => v === undefined || v === null || typeof v === 'string', { error: () => rule('text', label) })
    .optional()
    .pipe(inner);

const { name, description, website, public_page_enabled } = ORGANIZATION_FIELDS;

/** Each field's rule when an organisation is edited, from shared/organization-fields.ts (a field without a rule does not compile). */
const fieldRules = {
  name: requiredString(name.attribute, name.max),
  description: textOnly(description.attribute, optionalString(description.attribute, description.max)),
  website: textOnly(website.attribute, optionalUrl(website.attribute)),
  slug: slug(),
  public_page_enabled: flag(public_page_enabled.attribute),
} satisfies Record<OrganizationField, z.ZodType>;

type CreateField = { [K in OrganizationField]: (typeof ORGANIZATION_FIELDS)[K]['onCreate'] extends true ? K : never }[OrganizationField];

/** Creating: the fields asked on creation; the slug may be left empty, one is then derived from the name. */
export const createOrganizationSchema = z.object({
  name: fieldRules.name,
  description: fieldRules.description,
  website: fieldRules.website,
  slug: z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), slug().optional()),
} satisfies Record<CreateField, z.ZodType>);

export const updateOrganizationSchema = z.object(fieldRules);

export const organizationIndexSchema = z.object({
  search: queryText(),
  page: queryPage,
});

export const transferOwnershipSchema = withLabels(z.object({ user_id: id('member') }), { user_id: 'new owner' });

export const selectOrganizationSchema = z.object({ organization_id: id('organization') });

/** The organisation sign-in form asks for the slug under the label "Organization". */
export const organizationSlugSchema = withLabels(
  z.object({
    slug: requiredString('slug', 255).transform((s) => s.toLowerCase()),
  }),
  { slug: 'organization' },
);

export const organizationLoginSchema = z.object({
  email: email(),
  password: currentPassword(),
  remember: checkbox,
});

/** The organisation's named read receipts switch (a checkbox). */
export const readReceiptsSchema = withLabels(z.object({ named_read_receipts: checkbox }), { named_read_receipts: 'named read receipts' });
