/**
 * Every Inertia page by name, with the props its component takes (AdonisJS generates the same as
 * `pages.d.ts`). The server's `res.inertia.render(name, props)` is typed from this
 * (server/pages.ts), so a missing or wrong prop fails `npm run typecheck`; tests/unit/pages.test.ts
 * checks that every page file is listed here.
 */
type PropsOf<M> = M extends { default: (props: infer P) => unknown } ? (unknown extends P ? Record<string, never> : P) : never;

export interface PageProps {
  'Auth/ConfirmPassword': PropsOf<typeof import('./Pages/Auth/ConfirmPassword')>;
  'Auth/ForgotPassword': PropsOf<typeof import('./Pages/Auth/ForgotPassword')>;
  'Auth/Login': PropsOf<typeof import('./Pages/Auth/Login')>;
  'Auth/OrganizationLogin': PropsOf<typeof import('./Pages/Auth/OrganizationLogin')>;
  'Auth/OrganizationSelect': PropsOf<typeof import('./Pages/Auth/OrganizationSelect')>;
  'Auth/Register': PropsOf<typeof import('./Pages/Auth/Register')>;
  'Auth/ResetPassword': PropsOf<typeof import('./Pages/Auth/ResetPassword')>;
  'Auth/TwoFactorChallenge': PropsOf<typeof import('./Pages/Auth/TwoFactorChallenge')>;
  'Auth/VerifyEmail': PropsOf<typeof import('./Pages/Auth/VerifyEmail')>;
  'BoardUsers/Create': PropsOf<typeof import('./Pages/BoardUsers/Create')>;
  'BoardUsers/Edit': PropsOf<typeof import('./Pages/BoardUsers/Edit')>;
  'BoardUsers/Import': PropsOf<typeof import('./Pages/BoardUsers/Import')>;
  'BoardUsers/Index': PropsOf<typeof import('./Pages/BoardUsers/Index')>;
  'BoardUsers/Show': PropsOf<typeof import('./Pages/BoardUsers/Show')>;
  Dashboard: PropsOf<typeof import('./Pages/Dashboard')>;
  'Errors/404': PropsOf<typeof import('./Pages/Errors/404')>;
  'Errors/Error': PropsOf<typeof import('./Pages/Errors/Error')>;
  History: PropsOf<typeof import('./Pages/History')>;
  'Insights/Create': PropsOf<typeof import('./Pages/Insights/Create')>;
  'Insights/Edit': PropsOf<typeof import('./Pages/Insights/Edit')>;
  'Insights/Index': PropsOf<typeof import('./Pages/Insights/Index')>;
  'Insights/Public/Index': PropsOf<typeof import('./Pages/Insights/Public/Index')>;
  'Insights/Public/Show': PropsOf<typeof import('./Pages/Insights/Public/Show')>;
  'Insights/Show': PropsOf<typeof import('./Pages/Insights/Show')>;
  'Invitations/Accept': PropsOf<typeof import('./Pages/Invitations/Accept')>;
  'Legal/PrivacyPolicyPage': PropsOf<typeof import('./Pages/Legal/PrivacyPolicyPage')>;
  'Legal/Terms': PropsOf<typeof import('./Pages/Legal/Terms')>;
  'Organizations/ApiTokens': PropsOf<typeof import('./Pages/Organizations/ApiTokens')>;
  'Organizations/ActivityLogs': PropsOf<typeof import('./Pages/Organizations/ActivityLogs')>;
  'Organizations/Create': PropsOf<typeof import('./Pages/Organizations/Create')>;
  'Organizations/Edit': PropsOf<typeof import('./Pages/Organizations/Edit')>;
  'Organizations/Index': PropsOf<typeof import('./Pages/Organizations/Index')>;
  'Organizations/Show': PropsOf<typeof import('./Pages/Organizations/Show')>;
  'Organizations/WebhookShow': PropsOf<typeof import('./Pages/Organizations/WebhookShow')>;
  'Organizations/Webhooks': PropsOf<typeof import('./Pages/Organizations/Webhooks')>;
  'Portal/Index': PropsOf<typeof import('./Pages/Portal/Index')>;
  'Portal/Insights/Show': PropsOf<typeof import('./Pages/Portal/Insights/Show')>;
  'Portal/Settings': PropsOf<typeof import('./Pages/Portal/Settings')>;
  'Portal/SignIn': PropsOf<typeof import('./Pages/Portal/SignIn')>;
  'Profile/Edit': PropsOf<typeof import('./Pages/Profile/Edit')>;
  'Settings/Index': PropsOf<typeof import('./Pages/Settings/Index')>;
  'Subscriptions/Edit': PropsOf<typeof import('./Pages/Subscriptions/Edit')>;
  'Subscriptions/History': PropsOf<typeof import('./Pages/Subscriptions/History')>;
  'Subscriptions/Show': PropsOf<typeof import('./Pages/Subscriptions/Show')>;
  'Users/Create': PropsOf<typeof import('./Pages/Users/Create')>;
  'Users/Edit': PropsOf<typeof import('./Pages/Users/Edit')>;
  'Users/Index': PropsOf<typeof import('./Pages/Users/Index')>;
  'Users/Show': PropsOf<typeof import('./Pages/Users/Show')>;
  Welcome: PropsOf<typeof import('./Pages/Welcome')>;
  Welcome_new: PropsOf<typeof import('./Pages/Welcome_new')>;
}

export type PageName = keyof PageProps;
