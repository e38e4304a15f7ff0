import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, rolldownVersion, version as viteVersion, type Plugin } from 'vite';
import { SERVER_NAMESPACES } from './shared/i18n.ts';
import { compileCatalog } from './shared/i18n-compile.ts';
import { SERVER_RENDERER_DIR } from './shared/server-rendering.ts';

/**
 * Writes `file.br` and `file.gz` beside every built text asset, at the highest levels (done once,
 * at build time), so the server sends them without compressing per request (server/http/build-assets.ts).
 */
function precompress(): Plugin {
  return {
    name: 'boardly:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? path.resolve(import.meta.dirname, 'public/build');
      const names = Object.keys(bundle).filter((name) => /\.(m?js|css|svg|json|txt)$/.test(name) && !name.startsWith('.vite/'));
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(dir, name);
          const data = await readFile(file);
          // Small files too (a first load fetches many small chunks); a variant is kept only when it is smaller.
          const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
          const gz = gzipSync(data, { level: 9 });
          if (br.length < data.length) await writeFile(`${file}.br`, br);
          if (gz.length < data.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * Writes `.vite/bundle-report.json`: for every chunk, its file, static and dynamic imports and the
 * rendered size of each module in it (`npm run bundle:report` prints it and checks the rules).
 */
function bundleReport(): Plugin {
  return {
    name: 'boardly:bundle-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle)
        .filter((item) => item.type === 'chunk')
        .map((chunk) => ({
          file: chunk.fileName,
          name: chunk.name,
          isEntry: chunk.isEntry,
          isDynamicEntry: chunk.isDynamicEntry,
          facadeModuleId: chunk.facadeModuleId ? path.relative(import.meta.dirname, chunk.facadeModuleId) : null,
          imports: chunk.imports,
          dynamicImports: chunk.dynamicImports,
          css: [...(chunk.viteMetadata?.importedCss ?? [])],
          modules: Object.fromEntries(
            Object.entries(chunk.modules)
              .filter(([, info]) => info.renderedLength > 0)
              .map(([id, info]) => [path.relative(import.meta.dirname, id.replace(/^\0/, '')), info.renderedLength]),
          ),
        }));
      this.emitFile({ type: 'asset', fileName: '.vite/bundle-report.json', source: JSON.stringify({ chunks }, null, 1) });
    },
  };
}

/**
 * `lang/<locale>/<namespace>.json` imported by the pages becomes that namespace's messages,
 * flattened and compiled (shared/i18n-compile.ts): the browser gets no ICU parser, and a
 * malformed message fails the build. Each such file is its own chunk, loaded when needed.
 */
export function compiledCatalogs(): Plugin {
  const catalog = /[\\/]lang[\\/][^\\/]+[\\/]([^\\/]+)\.json$/;
  return {
    name: 'boardly:catalogs',
    enforce: 'pre',
    transform(code, id) {
      const match = catalog.exec(id);
      if (!match) return null;
      return { code: JSON.stringify(compileCatalog(match[1], JSON.parse(code))), map: null };
    },
  };
}

/**
 * The pages' catalogs (`lang/<locale>/<namespace>.json`, not the server's namespaces) in the build
 * as chunks named `assets/<locale>-<namespace>-<version>.js`, one version for them all: a hash of
 * every catalog, of the compiler and of the tools' versions. The entry then needs only that version
 * and the namespaces' names to load any of them (`__CATALOGS__`, resources/js/i18n), not a map of
 * 48 loaders with hashed file names (0.4 KB brotli on every first load).
 */
function catalogChunks(): Plugin {
  const dir = path.resolve(import.meta.dirname, 'lang');
  const files = readdirSync(dir)
    .sort()
    .flatMap((locale) =>
      readdirSync(path.join(dir, locale))
        .filter((file) => file.endsWith('.json') && !(SERVER_NAMESPACES as readonly string[]).includes(file.slice(0, -5)))
        .sort()
        .map((file) => ({ locale, namespace: file.slice(0, -5), id: path.join(dir, locale, file) })),
    );
  const hash = createHash('sha256');
  for (const source of [...files.map((f) => f.id), path.resolve(import.meta.dirname, 'shared/i18n-compile.ts'), path.resolve(import.meta.dirname, 'shared/i18n.ts')]) {
    hash
      .update(`${path.relative(import.meta.dirname, source)}\0`)
      .update(readFileSync(source))
      .update('\0');
  }
  // …and of the tools that write them, so a file under a name the browser may have cached never differs.
  const compiler = JSON.parse(readFileSync(path.resolve(import.meta.dirname, 'node_modules/@lingui/message-utils/package.json'), 'utf8')).version;
  hash.update(`@lingui/message-utils@${compiler} vite@${viteVersion} rolldown@${rolldownVersion}`);
  const version = hash.digest('base64url').slice(0, 8);
  let build = false;
  return {
    name: 'boardly:catalog-chunks',
    config: () => ({ define: { __CATALOGS__: JSON.stringify({ version, namespaces: [...new Set(files.map((f) => f.namespace))] }) } }),
    configResolved(config) {
      // The server's renderer loads every catalog with its code (resources/js/ssr.tsx).
      build = config.command === 'build' && !config.build.ssr;
    },
    buildStart() {
      if (!build) return;
      for (const file of files) this.emitFile({ type: 'chunk', id: file.id, fileName: `assets/${file.locale}-${file.namespace}-${version}.js`, preserveSignature: 'strict' });
    },
  };
}

/**
 * Inertia imports `laravel-precognition` (live validation) at module scope, which would put it in
 * every first load though no page validates live yet: Inertia's imports get resources/js/lib/precognition.ts,
 * the same four names, fetching the library when first used. Everyone else (that file included) gets the library.
 */
function lazyPrecognition(): Plugin {
  const facade = path.resolve(import.meta.dirname, 'resources/js/lib/precognition.ts');
  return {
    name: 'boardly:lazy-precognition',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'laravel-precognition' && importer && /[\\/]node_modules[\\/]@inertiajs[\\/]/.test(importer)) return facade;
      return null;
    },
  };
}

/**
 * @simplewebauthn/browser is a barrel of side-effect-free modules without `"sideEffects": false`:
 * without this, every chunk that imports it gets all of it. The profile's passkey form (lib/passkeys)
 * uses the registration half only; the sign-in page uses none of it (lib/passkeySignIn, issue #24).
 */
function pureWebAuthnClient(): Plugin {
  return {
    name: 'boardly:pure-webauthn-client',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]@simplewebauthn[\\/]browser[\\/]esm[\\/]/.test(id)) return null;
      return { code, map: null, moduleSideEffects: false };
    },
  };
}

/**
 * @inertiajs/react defines its components as `var Form = forwardRef(…)` followed by
 * `Form.displayName = "InertiaForm"`: a call without a pure annotation and a property write, so
 * the bundler keeps every such component, used or not (<Form>, <InfiniteScroll>: 2 KB brotli in
 * every first load). Annotated, and without the names (only React's developer tools show them, and
 * only a build runs this), what no page uses is left out (issue #24).
 */
function pureInertiaComponents(): Plugin {
  return {
    name: 'boardly:pure-inertia-components',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]@inertiajs[\\/]react[\\/]dist[\\/]index\.js$/.test(id)) return null;
      const pure = code.replace(/^var (\w+) = (forwardRef\d*)\(/gm, 'var $1 = /* @__PURE__ */ $2(').replace(/^\w+\.displayName = "\w+";$/gm, '');
      return { code: pure, map: null };
    },
  };
}

/**
 * The sign-in page's own modules, found when the module graph is complete (`buildEnd`, before chunking):
 * the shared UI parts it uses (components, hooks, lib) and its auth parts (layout, partials). Each set
 * becomes one chunk (`codeSplitting` below) instead of a dozen small ones: one request and one
 * compression context each, about 2 KB brotli less on the first load of /login (ADR 0013).
 */
const signInGraph = { ui: new Set<string>(), auth: new Set<string>() };
function signInChunks(): Plugin {
  const page = path.resolve(import.meta.dirname, 'resources/js/Pages/Auth/Login.tsx');
  const entry = path.resolve(import.meta.dirname, 'resources/js/app.tsx');
  return {
    name: 'boardly:sign-in-chunks',
    apply: 'build',
    buildEnd() {
      const staticGraph = (start: string) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
        };
        visit(start);
        return seen;
      };
      const inEntry = staticGraph(entry);
      for (const id of staticGraph(page)) {
        if (inEntry.has(id) || id === page || id.includes('node_modules')) continue;
        const relative = path
          .relative(import.meta.dirname, id)
          .split(path.sep)
          .join('/');
        if (/^resources\/js\/(Layouts\/AuthLayout|Pages\/Auth\/Partials\/)/.test(relative)) signInGraph.auth.add(id);
        else if (/^resources\/js\/(?!Pages\/)/.test(relative)) signInGraph.ui.add(id);
      }
    },
  };
}

/** The server's renderer (ADR 0042): resources/js/ssr.tsx and everything it imports, packages included, as one folder of ES modules for node. */
const serverRenderer = defineConfig({
  plugins: [lazyPrecognition(), compiledCatalogs(), catalogChunks(), react()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'resources/js') } },
  // React's production build, whatever NODE_ENV the server runs with.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'resources/js/ssr.tsx',
    outDir: path.resolve(import.meta.dirname, SERVER_RENDERER_DIR),
    emptyOutDir: true,
    copyPublicDir: false,
    rolldownOptions: { input: 'resources/js/ssr.tsx', checks: { bundlerTimings: false } },
  },
});

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? serverRenderer
    : {
        plugins: [lazyPrecognition(), pureWebAuthnClient(), pureInertiaComponents(), signInChunks(), compiledCatalogs(), catalogChunks(), react(), tailwindcss(), precompress(), bundleReport()],
        base: '/build/',
        publicDir: false,
        resolve: { alias: { '@': path.resolve(import.meta.dirname, 'resources/js') } },
        build: {
          outDir: 'public/build',
          emptyOutDir: true,
          manifest: true,
          rolldownOptions: {
            input: 'resources/js/app.tsx',
            // The plugin-timings block is for whoever tunes the build, not for every first start (issue #24).
            checks: { bundlerTimings: false },
            output: {
              codeSplitting: {
                // The groups take their own modules only; what those import stays where it was (React in the entry).
                includeDependenciesRecursively: false,
                groups: [
                  { name: 'ui', test: (id: string) => signInGraph.ui.has(id) },
                  { name: 'auth', test: (id: string) => signInGraph.auth.has(id) },
                  // The other icons (one module each, Components/icons) in one chunk rather than one tiny chunk per set of pages.
                  { name: 'icons', test: (id: string) => /[\\/]Components[\\/]icons[\\/]/.test(id) && !signInGraph.ui.has(id) },
                ],
              },
            },
          },
        },
      },
);
