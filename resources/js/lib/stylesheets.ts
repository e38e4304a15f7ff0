/**
 * Which stylesheet holds a page's utilities (resources/css/app.css explains the split): the pages
 * drawn in the auth layout (sign-in, registration, passwords, organisation choice, invitations)
 * use auth.css, every other page full.css. app.tsx fetches it beside the page; `npm run
 * bundle:report` fails when a page using auth.css holds a module auth.css does not scan.
 */
export const usesAuthStylesheet = (page: string): boolean => page.startsWith('Auth/') || page === 'Invitations/Accept';

/** The page's stylesheet by its source (a key of Vite's manifest): a server-rendered page links it in its HTML. */
export const pageStylesheetSource = (page: string): string => (usesAuthStylesheet(page) ? 'resources/css/auth.css' : 'resources/css/full.css');
