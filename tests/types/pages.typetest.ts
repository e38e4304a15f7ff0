/**
 * Type test (run by `npm run typecheck`, part of `npm test`): `res.inertia.render` knows every
 * page's props. Each `@ts-expect-error` below must be an error, or tsc fails with "Unused
 * '@ts-expect-error' directive" — so a registry that stopped checking would break the build.
 */
import type { Response } from 'express';
import type { SharedProps } from '../../resources/js/types';
import type { sharedProps } from '../../server/shared-props';

declare const res: Response;
const boardUsers = {
  data: [],
  meta: { current_page: 1, last_page: 1, per_page: 25, total: 0, from: null, to: null },
  links: [],
};
const filters = { search: '', tags: [], status: null, trashed: null, sort: 'name', direction: 'asc' } as const;

export async function typeTests() {
  // The right props type-check (Dates are accepted where the page gets an ISO string).
  await res.inertia.render('BoardUsers/Index', { boardUsers, filters, statuses: ['active', 'inactive'], tags: [] }, { title: 'Board users' });
  await res.inertia.render('Legal/Terms', { updatedAt: '2026-11-01' });
  await res.inertia.render('Welcome');

  // @ts-expect-error a required prop is missing (statuses)
  await res.inertia.render('BoardUsers/Index', { boardUsers, filters });

  // @ts-expect-error a prop has the wrong type (statuses must be BoardUserStatus[])
  await res.inertia.render('BoardUsers/Index', { boardUsers, filters, statuses: [42] });

  // @ts-expect-error a value outside the page's union ('bogus' is no sort column)
  await res.inertia.render('BoardUsers/Index', { boardUsers, filters: { ...filters, sort: 'bogus' }, statuses: [] });

  // @ts-expect-error a prop the page does not take
  await res.inertia.render('Legal/Terms', { updatedAt: '2026-11-01', extra: true });

  // @ts-expect-error no such page
  await res.inertia.render('BoardUsers/Nope', {});

  // @ts-expect-error props are required when the page has required props
  await res.inertia.render('Legal/Terms');
}

// The client's shared props are what the server's builder returns (after JSON), not a copy.
type Built = ReturnType<typeof sharedProps>;
export const sameShape = (built: Awaited<ReturnType<Built['auth']>>['organization']): SharedProps['auth']['organization'] => built;
// …including the drift that started this: the server sends null as the role of a platform admin who is not a member.
export const roleMayBeNull: null extends NonNullable<SharedProps['auth']['organization']>['role'] ? true : false = true;
