import { readFileSync, statSync } from 'node:fs';
import { escapeHtml } from '../lib/html';

export const CLIENT_ENTRY = 'resources/js/app.tsx';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** What the HTML of a page needs from the built client. */
export interface ClientAssets {
  /** `<head>` tags for the entry: its stylesheet, module preloads and script. */
  entry(nonce: string): string;
  /** The URL of a built file by its source (a stylesheet a server-rendered page links), if the build has it. */
  url(source: string): string | undefined;
}

/** Vite's manifest, re-read when it changes (a build while the server runs). */
function manifestReader(manifestPath: string): () => { manifest: Manifest; changed: boolean } {
  let mtime = -1;
  let manifest: Manifest = {};
  return () => {
    let current: number;
    try {
      current = statSync(manifestPath).mtimeMs;
    } catch {
      throw new Error(`The client is not built: ${manifestPath} is missing. Run \`npm run build\` (npm start does it for you).`);
    }
    const changed = current !== mtime;
    if (changed) {
      manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
      mtime = current;
    }
    return { manifest, changed };
  };
}

/** The built client's assets, read from Vite's manifest. */
export function productionAssets(manifestPath: string, base = '/build/'): ClientAssets {
  const read = manifestReader(manifestPath);
  let tags = (_nonce: string) => '';
  return {
    entry(nonce) {
      const { manifest, changed } = read();
      if (changed) tags = entryTags(manifest, base);
      return tags(nonce);
    },
    url(source) {
      const file = read().manifest[source]?.file;
      return file ? base + file : undefined;
    },
  };
}

function entryTags(manifest: Manifest, base: string): (nonce: string) => string {
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`${CLIENT_ENTRY} is not in the manifest`);
  const css = new Set<string>();
  const preloads = new Set<string>();
  const walk = (chunk: ManifestChunk, seen = new Set<ManifestChunk>()) => {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    for (const c of chunk.css ?? []) css.add(c);
    for (const key of chunk.imports ?? []) {
      const imported = manifest[key];
      if (!imported) continue;
      preloads.add(imported.file);
      walk(imported, seen);
    }
  };
  walk(entry);
  return (nonce) =>
    [
      ...[...css].map((c) => `<link rel="stylesheet" href="${escapeHtml(base + c)}">`),
      ...[...preloads].map((p) => `<link rel="modulepreload" href="${escapeHtml(base + p)}">`),
      `<script type="module" src="${escapeHtml(base + entry.file)}" nonce="${escapeHtml(nonce)}"></script>`,
    ].join('\n    ');
}

/** `npm run dev`: Vite's client, React Refresh's preamble and the entry, served by Vite's middleware (which also serves any source by its path). */
export const devAssets: ClientAssets = {
  entry: (nonce) =>
    [
      `<script type="module" nonce="${nonce}">import RefreshRuntime from '/@react-refresh';RefreshRuntime.injectIntoGlobalHook(window);window.$RefreshReg$ = () => {};window.$RefreshSig$ = () => (type) => type;window.__vite_plugin_react_preamble_installed__ = true;</script>`,
      `<script type="module" src="/@vite/client" nonce="${nonce}"></script>`,
      `<script type="module" src="/${CLIENT_ENTRY}" nonce="${nonce}"></script>`,
    ].join('\n    '),
  url: (source) => `/${source}`,
};
