export { inertia, previousUrl, fullUrl, type InertiaOptions, type InertiaSessionBridge, type RenderOptions, type RootViewContext } from './middleware';
export { buildPage, pageJsonForHtml, type PageObject } from './page';
export { always, optional, defer, once, merge, prepend, deepMerge } from './props';
export { manifestVersion } from './version';
