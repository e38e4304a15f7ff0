/**
 * The pages the server renders to HTML before the client hydrates them (ADR 0042): what people
 * outside an organisation open from a mail, a chat preview or a search result, and the error pages.
 * Signed-in pages stay client-rendered. resources/js/ssr.tsx bundles exactly these
 * (tests/unit/server-rendering.test.ts checks that its glob and this list agree).
 */
export const SERVER_RENDERED_PAGES = ['Insights/Public/Show', 'Insights/Public/Index', 'Welcome', 'Welcome_new', 'Legal/PrivacyPolicyPage', 'Legal/Terms', 'Errors/404', 'Errors/Error'] as const;

export type ServerRenderedPage = (typeof SERVER_RENDERED_PAGES)[number];

export const isServerRendered = (component: string): component is ServerRenderedPage => (SERVER_RENDERED_PAGES as readonly string[]).includes(component);
export const SERVER_RENDERER_DIR = 'node_modules/.cache/boardly/ssr';
export const SERVER_RENDERER_ENTRY = `${SERVER_RENDERER_DIR}/ssr.js`;
