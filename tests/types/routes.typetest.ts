/**
 * Issue #25: a URL built from a route name that does not exist, or with a parameter missing or
 * one too many, does not compile (checked by `npm run typecheck`; nothing here runs).
 */
import { path, route } from '../../shared/routes';

export const ok = [
  route('board-users.index'),
  route('board-users.index', null, { page: 2, search: undefined }),
  route('board-users.show', { id: 7 }),
  route('verification.verify', { id: '1', hash: 'abc' }),
  route('public-insights.show', { orgSlug: 'acme', token: 't' }, { embed: true }),
];
export const pattern: '/board-users/:id' = path('board-users.show');

// @ts-expect-error an unknown route name
route('board-user.show', { id: 7 });
// @ts-expect-error the id is missing
route('board-users.show');
// @ts-expect-error the id is missing from the parameters given
route('board-users.show', {});
// @ts-expect-error one of two parameters is missing
route('verification.verify', { id: '1' });
// @ts-expect-error a parameter the route does not have
route('board-users.show', { id: 7, slug: 'x' });
// @ts-expect-error a parameter for a route without any
route('board-users.index', { id: 7 });
// @ts-expect-error a misspelt parameter
route('insights.edit', { ID: 7 });
// @ts-expect-error an unknown route name for the server's pattern
path('board-users.list');
