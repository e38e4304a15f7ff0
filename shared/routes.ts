/**
 * Every route of the app, declared once: name → 'METHOD[|METHOD] /path/:param'. The server
 * registers its Express routes from this table (`router.get(path('board-users.show'), …)`), and
 * pages build URLs with `route('board-users.show', { id })` — never a string literal (a test,
 * tests/unit/literal-urls.test.ts, fails on one; tests/http/platform/route-table.test.ts checks the
 * table against the routes the app registers).
 *
 * Names follow Laravel's resource routes, `<resource>.<action>`: index, create, store, show,
 * edit, update, destroy, and a verb for any other action (`insights.publish`).
 */
export const routes = {
  // Public pages
  home: 'GET /',
  'welcome.new': 'GET /welcome/new',
  'privacy-policy': 'GET /privacy-policy',
  terms: 'GET /terms',
  up: 'GET /up',
  'public-insights.index': 'GET /p/:orgSlug',
  'public-insights.show': 'GET /p/:orgSlug/:token',
  'locale.update': 'POST /locale',

  // Signing in and out
  register: 'GET /register',
  'register.store': 'POST /register',
  login: 'GET /login',
  'login.store': 'POST /login',
  logout: 'POST /logout',
  'password.request': 'GET /forgot-password',
  'password.email': 'POST /forgot-password',
  'password.reset': 'GET /reset-password/:token',
  'password.store': 'POST /reset-password',
  'verification.notice': 'GET /verify-email',
  'verification.verify': 'GET /verify-email/:id/:hash',
  'verification.send': 'POST /email/verification-notification',
  'password.confirm': 'GET /confirm-password',
  'password.confirm.store': 'POST /confirm-password',
  'password.confirmation-status': 'GET /user/confirmed-password-status',
  'password.confirm-in-dialog': 'POST /user/confirm-password',
  'two-factor.login': 'GET /two-factor-challenge',
  'two-factor.login.store': 'POST /two-factor-challenge',
  'passkeys.login-options': 'POST /passkeys/login/options',
  'passkeys.login': 'POST /passkeys/login',
  'org-login': 'GET /org-login',
  'org-login.find': 'POST /org-login',
  'org-login.show': 'GET /org-login/:slug',
  'org-login.store': 'POST /org-login/:slug',
  'org-login.link': 'POST /org-login/:slug/link',

  // The board portal: board members, signed in by e-mailed link or passkey (never staff)
  'portal.sign-in': 'GET /portal/sign-in/:token',
  'portal.sign-in.store': 'POST /portal/sign-in/:token',
  'portal.passkeys.login-options': 'POST /portal/passkeys/login/options',
  'portal.passkeys.login': 'POST /portal/passkeys/login',
  'portal.logout': 'POST /portal/logout',
  'portal.index': 'GET /portal',
  'portal.insights.show': 'GET /portal/insights/:id',
  'portal.insights.acknowledge': 'POST /portal/insights/:id/acknowledge',
  'portal.settings': 'GET /portal/settings',
  'portal.settings.update': 'PATCH /portal/settings',
  'portal.passkeys.options': 'POST /portal/passkeys/options',
  'portal.passkeys.store': 'POST /portal/passkeys',
  'portal.passkeys.destroy': 'DELETE /portal/passkeys/:id',

  // The signed-in user's own account
  'profile.edit': 'GET /profile',
  'profile.update': 'PATCH /profile',
  'profile.destroy': 'DELETE /profile',
  'user-password.update': 'PUT /password',
  'settings.edit': 'GET /settings',
  'settings.update': 'PATCH /settings',
  history: 'GET /history',
  'two-factor.enable': 'POST /user/two-factor-authentication',
  'two-factor.confirm': 'POST /user/confirmed-two-factor-authentication',
  'two-factor.disable': 'DELETE /user/two-factor-authentication',
  'two-factor.qr-code': 'GET /user/two-factor-qr-code',
  'two-factor.secret-key': 'GET /user/two-factor-secret-key',
  'two-factor.recovery-codes': 'GET /user/two-factor-recovery-codes',
  'two-factor.regenerate-recovery-codes': 'POST /user/two-factor-recovery-codes',
  'passkeys.options': 'POST /user/passkeys/options',
  'passkeys.store': 'POST /user/passkeys',
  'passkeys.update': 'PUT /user/passkeys/:id',
  'passkeys.destroy': 'DELETE /user/passkeys/:id',
  'browser-sessions.destroy-others': 'DELETE /user/other-browser-sessions',
  'browser-sessions.destroy': 'DELETE /user/browser-sessions/:id',

  // Organisations
  'organizations.select': 'GET /organizations/select',
  'organizations.select.store': 'POST /organizations/select',
  'organizations.index': 'GET /organizations',
  'organizations.create': 'GET /organizations/create',
  'organizations.store': 'POST /organizations',
  'organizations.show': 'GET /organizations/:id',
  'organizations.edit': 'GET /organizations/:id/edit',
  'organizations.update': 'PUT|PATCH /organizations/:id',
  'organizations.destroy': 'DELETE /organizations/:id',
  'organizations.transfer': 'POST /organizations/:id/transfer',
  'organizations.switch': 'POST /organizations/:id/switch',
  'organizations.leave': 'POST /organizations/:id/leave',
  'organizations.two-factor-requirement': 'PUT /organizations/:id/two-factor-requirement',
  'organizations.read-receipts': 'PUT /organizations/:id/read-receipts',
  'api-tokens.index': 'GET /organizations/:id/api-tokens',
  'api-tokens.store': 'POST /organizations/:id/api-tokens',
  'api-tokens.destroy': 'DELETE /organizations/:id/api-tokens/:tokenId',
  'webhooks.index': 'GET /organizations/:id/webhooks',
  'webhooks.store': 'POST /organizations/:id/webhooks',
  'webhooks.show': 'GET /organizations/:id/webhooks/:endpointId',
  'webhooks.update': 'PUT /organizations/:id/webhooks/:endpointId',
  'webhooks.destroy': 'DELETE /organizations/:id/webhooks/:endpointId',
  'webhooks.rotate': 'POST /organizations/:id/webhooks/:endpointId/rotate',
  'webhooks.test': 'POST /organizations/:id/webhooks/:endpointId/test',
  // The JSON API (issue #28): bearer tokens, no session (server/features/api)
  'api.openapi': 'GET /api/v1/openapi.json',
  'api.board-users.index': 'GET /api/v1/board-users',
  'api.board-users.store': 'POST /api/v1/board-users',
  'api.board-users.show': 'GET /api/v1/board-users/:id',
  'api.board-users.update': 'PATCH /api/v1/board-users/:id',
  'api.board-users.destroy': 'DELETE /api/v1/board-users/:id',
  'api.board-users.restore': 'POST /api/v1/board-users/:id/restore',
  'api.insights.index': 'GET /api/v1/insights',
  'api.insights.store': 'POST /api/v1/insights',
  'api.insights.show': 'GET /api/v1/insights/:id',
  'api.insights.update': 'PATCH /api/v1/insights/:id',
  'api.insights.publish': 'POST /api/v1/insights/:id/publish',
  'api.insights.share': 'POST /api/v1/insights/:id/share',
  'api.insights.unshare': 'DELETE /api/v1/insights/:id/share',
  'api.activity.index': 'GET /api/v1/activity',
  'activity-logs.index': 'GET /organizations/:id/activity-logs',
  'activity-logs.export': 'GET /organizations/:id/activity-logs/export',
  'users.index': 'GET /users',
  'users.create': 'GET /users/create',
  'users.store': 'POST /users',
  'users.show': 'GET /users/:id',
  'users.edit': 'GET /users/:id/edit',
  'users.update': 'PUT|PATCH /users/:id',
  'users.destroy': 'DELETE /users/:id',
  'invitations.resend': 'POST /invitations/:id/resend',
  'invitations.destroy': 'DELETE /invitations/:id',
  'invitations.show': 'GET /invitations/:token',
  'invitations.accept': 'POST /invitations/:token',
  dashboard: 'GET /dashboard',
  'subscription.show': 'GET /subscription',
  'subscription.edit': 'GET /subscription/edit',
  'subscription.history': 'GET /subscription/history',
  'subscription.update': 'PUT /subscription',
  'subscription.cancel': 'POST /subscription/cancel',
  'subscription.resume': 'POST /subscription/resume',

  // Board users
  'board-users.index': 'GET /board-users',
  'board-users.create': 'GET /board-users/create',
  'board-users.export': 'GET /board-users/export',
  'board-users.options': 'GET /board-users/options',
  'board-users.store': 'POST /board-users',
  'board-users.bulk': 'POST /board-users/bulk',
  'board-users.bulk-export': 'POST /board-users/bulk/export',
  'board-users.show': 'GET /board-users/:id',
  'board-users.edit': 'GET /board-users/:id/edit',
  'board-users.update': 'PUT|PATCH /board-users/:id',
  'board-users.destroy': 'DELETE /board-users/:id',
  'board-users.restore': 'PUT /board-users/:id/restore',
  'board-users.portal-access.store': 'POST /board-users/:id/portal-access',
  'board-users.portal-access.destroy': 'DELETE /board-users/:id/portal-access',
  'board-user-imports.index': 'GET /board-users/import',
  'board-user-imports.template': 'GET /board-users/import/template',
  'board-user-imports.store': 'POST /board-users/import',
  'board-user-imports.show': 'GET /board-users/import/:import',
  'board-user-imports.update': 'PUT /board-users/import/:import',
  'board-user-imports.start': 'POST /board-users/import/:import/start',
  'board-user-imports.failures': 'GET /board-users/import/:import/failures',

  // Insights
  'insights.index': 'GET /insights',
  'insights.create': 'GET /insights/create',
  'insights.preview': 'POST /insights/preview',
  'insights.store': 'POST /insights',
  'insights.bulk': 'POST /insights/bulk',
  'insights.bulk-export': 'POST /insights/bulk/export',
  'insights.show': 'GET /insights/:id',
  'insights.edit': 'GET /insights/:id/edit',
  'insights.update': 'PUT|PATCH /insights/:id',
  'insights.destroy': 'DELETE /insights/:id',
  'insights.restore': 'PUT /insights/:id/restore',
  'insights.publish': 'POST /insights/:id/publish',
  'insights.archive': 'POST /insights/:id/archive',
  'insights.share': 'POST /insights/:id/share',
  'insights.unshare': 'DELETE /insights/:id/share',

  // Not for browsers: the realtime server's channel authorisation and webhooks
  'broadcasting.auth': 'POST /broadcasting/auth',
  'broadcasting.user-auth': 'POST /broadcasting/user-auth',
  'realtime.webhook': 'POST /webhooks/realtime',
} as const;

export type RouteName = keyof typeof routes;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The path pattern of a route: 'GET /board-users/:id' → '/board-users/:id'. */
export type RoutePath<N extends RouteName> = (typeof routes)[N] extends `${string} ${infer P}` ? P : never;

/** The `:name` parameters of a pattern: '/a/:id/b/:hash' → 'id' | 'hash'. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? Name | ParamNames<`/${Rest}`> : P extends `${string}:${infer Name}` ? Name : never;

/** The parameters a route needs: every one, and no other. */
export type RouteParams<N extends RouteName> = [ParamNames<RoutePath<N>>] extends [never] ? Record<string, never> : { [K in ParamNames<RoutePath<N>>]: string | number };

export type Query = Record<string, string | number | boolean | null | undefined>;

/** The path pattern of a route, for the server's router: path('board-users.show') → '/board-users/:id'. */
export function path<N extends RouteName>(name: N): RoutePath<N> {
  return routes[name].slice(routes[name].indexOf(' ') + 1) as RoutePath<N>;
}

/** The methods a route answers: methods('board-users.update') → ['PUT', 'PATCH']. */
export function methods(name: RouteName): HttpMethod[] {
  return routes[name].slice(0, routes[name].indexOf(' ')).split('|') as HttpMethod[];
}

type ParamsArgs<N extends RouteName> = [ParamNames<RoutePath<N>>] extends [never] ? [params?: RouteParams<N> | null, query?: Query] : [params: RouteParams<N>, query?: Query];

/**
 * The URL of a named route: route('board-users.show', { id: 7 }) → '/board-users/7';
 * route('insights.index', null, { status: 'published' }) → '/insights?status=published'.
 * Parameters are URL-encoded; query values that are undefined, null or '' are left out.
 */
export function route<N extends RouteName>(name: N, ...[params, query]: ParamsArgs<N>): string {
  const values = (params ?? {}) as Record<string, string | number>;
  const url = path(name).replace(/:(\w+)/g, (_, key: string) => {
    if (values[key] === undefined) throw new Error(`route('${name}'): missing parameter '${key}'`);
    return encodeURIComponent(String(values[key]));
  });
  return url + queryString(query);
}

/** '?a=1&b=x' for the query's values that are set, or ''. */
export function queryString(query: Query | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.append(key, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}
