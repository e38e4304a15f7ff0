/**
 * npm run bundle:report — what each page costs on a first load, from the build's own manifest
 * (`public/build/.vite/manifest.json`) and the module report the build writes beside it
 * (vite.config.ts `bundleReport`): the entry's and the page's static import graph, their CSS,
 * and the bytes over the wire (the precompressed `.br`/`.gz` when present). It fails when a
 * page's graph pulls in another page's code, a guest page the signed-in shell or pusher-js, or a
 * page styled by resources/css/auth.css holds a module that stylesheet does not scan.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_LOCALE, pageNamespace } from '../../shared/i18n';
import { usesAuthStylesheet } from '../../resources/js/lib/stylesheets';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const ENTRY = 'resources/js/app.tsx';
export const SHELL = 'resources/js/Layouts/AppLayout.tsx';
export const pageKey = (component: string) => `resources/js/Pages/${component}.tsx`;
const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Whether a page is drawn in the signed-in shell: it sets no `layout` of its own (app.tsx then
 * fetches the shell and the `app` catalog beside the page, and renders when all have arrived).
 */
export function usesShell(component: string): boolean {
  return !/^\s*\w+\.layout\s*=/m.test(readFileSync(path.join(ROOT, pageKey(component)), 'utf8'));
}

export function readManifest(buildDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(buildDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/**
 * Manifest keys (source modules, shared chunks and message catalogs) a first load of `component`
 * fetches before it renders: the entry, the page, its stylesheet (resources/js/lib/stylesheets),
 * its language's `common` and own namespace (resources/js/i18n; counted in English) and, for a
 * page in the signed-in shell, the shell and the `app` namespace.
 */
export function staticGraph(manifest: Manifest, component: string): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the build manifest: ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(ENTRY);
  visit(pageKey(component));
  const stylesheet = usesAuthStylesheet(component) ? 'resources/css/auth.css' : 'resources/css/full.css';
  if (manifest[stylesheet]) visit(stylesheet); // (a build from before the stylesheets were split has one, with the entry)
  const shell = usesShell(component);
  if (shell) visit(SHELL);
  for (const namespace of ['common', pageNamespace(component), ...(shell ? ['app'] : [])]) {
    const catalog = `lang/${DEFAULT_LOCALE}/${namespace}.json`;
    if (manifest[catalog]) visit(catalog);
  }
  return [...seen];
}

/** Every source module bundled into the chunks of `keys` (from the build's module report). */
export function modulesOf(buildDir: string, manifest: Manifest, keys: string[]): string[] {
  const report = JSON.parse(readFileSync(path.join(buildDir, '.vite/bundle-report.json'), 'utf8')) as { chunks: { file: string; modules: Record<string, number> }[] };
  const files = new Set(keys.map((k) => manifest[k].file));
  return report.chunks.filter((c) => files.has(c.file)).flatMap((c) => Object.keys(c.modules));
}

/**
 * The files and folders resources/css/auth.css takes its classes from (its `@source` lines, braces
 * expanded), relative to the project.
 */
export function authStylesheetSources(): string[] {
  const css = readFileSync(path.join(ROOT, 'resources/css/auth.css'), 'utf8');
  const expand = (pattern: string): string[] => {
    const m = /\{([^{}]*)\}/.exec(pattern);
    return m ? m[1].split(',').flatMap((part) => expand(pattern.slice(0, m.index) + part + pattern.slice(m.index + m[0].length))) : [pattern];
  };
  return [...css.matchAll(/^@source\s+'([^']+)';/gm)]
    .flatMap((m) => expand(m[1]))
    .map((p) =>
      path
        .relative(ROOT, path.resolve(ROOT, 'resources/css', p))
        .split(path.sep)
        .join('/'),
    );
}

export interface FirstLoad {
  files: { file: string; raw: number; br: number; gzip: number }[];
  raw: number;
  br: number;
  gzip: number;
}

const size = (file: string) => (existsSync(file) ? statSync(file).size : null);

/** JS and CSS of a first load of `component`, raw and as the server sends them (precompressed). */
export function firstLoad(buildDir: string, component: string): FirstLoad {
  const manifest = readManifest(buildDir);
  const keys = staticGraph(manifest, component);
  const assets = [...new Set(keys.flatMap((k) => [manifest[k].file, ...(manifest[k].css ?? [])]))];
  const files = assets.map((file) => {
    const full = path.join(buildDir, file);
    const raw = size(full)!;
    return { file, raw, br: size(`${full}.br`) ?? raw, gzip: size(`${full}.gz`) ?? raw };
  });
  const sum = (k: 'raw' | 'br' | 'gzip') => files.reduce((n, f) => n + f[k], 0);
  return { files, raw: sum('raw'), br: sum('br'), gzip: sum('gzip') };
}

const isPage = (key: string) => key.startsWith('resources/js/Pages/') && !key.includes('/Partials/');

/**
 * Rule breaks: a page whose static graph holds another page, a guest page holding the shell or
 * pusher-js, or a page styled by auth.css (only the utilities of the files it scans, where full.css
 * has every one) with a module in its first load that auth.css does not scan.
 */
export function violations(buildDir: string, guestPages: string[]): string[] {
  const manifest = readManifest(buildDir);
  const problems: string[] = [];
  const pages = Object.keys(manifest).filter(isPage);
  const authSources = authStylesheetSources();
  const inAuthStylesheet = (module: string) => authSources.some((source) => module === source || module.startsWith(`${source}/`));
  for (const page of pages) {
    const component = page.slice('resources/js/Pages/'.length, -'.tsx'.length);
    const graph = staticGraph(manifest, component);
    const others = graph.filter((k) => isPage(k) && k !== page);
    // Shared form parts live beside their pages (BoardUsers/Form.tsx): a page module that is not itself rendered is fine.
    for (const other of others) if (manifest[other].isDynamicEntry) problems.push(`${component} statically imports page ${other}`);
    if (!manifest[page].isDynamicEntry || !usesAuthStylesheet(component)) continue;
    const ownModules = modulesOf(
      buildDir,
      manifest,
      graph.filter((k) => k !== ENTRY),
    ).filter((m) => m.startsWith('resources/js/'));
    for (const m of ownModules) if (!inAuthStylesheet(m)) problems.push(`${component} is styled by resources/css/auth.css, whose @source lines miss ${m}`);
  }
  for (const component of guestPages) {
    const modules = modulesOf(buildDir, manifest, staticGraph(manifest, component));
    for (const m of modules) {
      if (/node_modules\/(pusher-js|laravel-echo)\//.test(m)) problems.push(`${component} loads ${m}`);
      if (m === 'resources/js/Layouts/AppLayout.tsx') problems.push(`${component} loads the signed-in shell (${m})`);
    }
  }
  return problems;
}

/** Guest pages: the auth pages and the public pages (insights, legal, welcome). */
export const GUEST_PAGES = [
  'Auth/Login',
  'Auth/Register',
  'Auth/ForgotPassword',
  'Auth/ResetPassword',
  'Auth/OrganizationLogin',
  'Insights/Public/Index',
  'Insights/Public/Show',
  'Welcome',
  'Legal/Terms',
  'Legal/PrivacyPolicyPage',
];

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const buildDir = path.resolve(process.argv[2] ?? 'public/build');
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`.padStart(9);
  console.log(`First load per page (JS + CSS + English catalogs), ${buildDir}\n${'page'.padEnd(34)}${'raw'.padStart(9)}${'brotli'.padStart(9)}${'gzip'.padStart(9)}`);
  const manifest = readManifest(buildDir);
  for (const key of Object.keys(manifest)
    .filter((k) => isPage(k) && manifest[k].isDynamicEntry)
    .sort()) {
    const component = key.slice('resources/js/Pages/'.length, -'.tsx'.length);
    const load = firstLoad(buildDir, component);
    console.log(`${component.padEnd(34)}${kb(load.raw)}${kb(load.br)}${kb(load.gzip)}`);
  }
  const problems = violations(buildDir, GUEST_PAGES);
  console.log(problems.length ? `\n${problems.join('\n')}` : '\nNo page loads another page, the shell or pusher-js it does not need, and auth.css scans every module of the pages it styles.');
  process.exit(problems.length ? 1 : 0);
}
