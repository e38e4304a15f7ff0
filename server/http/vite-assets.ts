import { readFileSync, statSync } from 'node:fs';
import { escapeHtml } from '../lib/html';

export const CLIENT_ENTRY = 'resources/js/app.tsx';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/** `<head>` tags for the built client, read from Vite's manifest (re-read when it changes). */
export function productionAssets(manifestPath: string, base = '/build/'): (nonce: string) => string {
  let mtime = -1;
  let tags = (_nonce: string) => '';
  return (nonce) => {
    let current: number;
    try {
      current = statSync(manifestPath).mtimeMs;
    } catch {
      throw new Error(`The client is not built: ${manifestPath} is missing. Run \`npm run build\` (npm start does it for you).`);
    }
    if (current !== mtime) {
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
      const entry = manifest[CLIENT_ENTRY];
      if (!entry) throw new Error(`${CLIENT_ENTRY} is not in ${manifestPath}`);
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
      const file = entry.file;
      tags = (n: string) =>
        [
          ...[...css].map((c) => `<link rel="stylesheet" href="${escapeHtml(base + c)}">`),
          ...[...preloads].map((p) => `<link rel="modulepreload" href="${escapeHtml(base + p)}">`),
          `<script type="module" src="${escapeHtml(base + file)}" nonce="${escapeHtml(n)}"></script>`,
        ].join('\n    ');
      mtime = current;
    }
    return tags(nonce);
  };
}

/** `<head>` tags for `npm run dev`: Vite's client, React Refresh's preamble and the entry, served by Vite's middleware. */
export function devAssets(nonce: string): string {
  return [
    `<script type="module" nonce="${nonce}">import RefreshRuntime from '/@react-refresh';RefreshRuntime.injectIntoGlobalHook(window);window.$RefreshReg$ = () => {};window.$RefreshSig$ = () => (type) => type;window.__vite_plugin_react_preamble_installed__ = true;</script>`,
    `<script type="module" src="/@vite/client" nonce="${nonce}"></script>`,
    `<script type="module" src="/${CLIENT_ENTRY}" nonce="${nonce}"></script>`,
  ].join('\n    ');
}
