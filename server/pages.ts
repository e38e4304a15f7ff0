import type { PageProps } from '../resources/js/pages';

/**
 * Types `res.inertia.render(name, props)` with the page registry (resources/js/pages.ts): the name
 * must be a page, and the props what its component takes, as they arrive after JSON (a Date the
 * server passes arrives as the ISO string the component expects).
 */
declare module './inertia/middleware' {
  interface PageRegistry extends PageProps {}
}

export type { PageName, PageProps } from '../resources/js/pages';
