/**
 * npm run bench:hostile-imports — issue #23 finding 6: six 4.5 MB imports whose cells started with
 * the old message marker took the process from 696 MB to 2,039 MB (every "id" was compiled and
 * cached). This uploads IMPORTS files of ROWS rows each, signed in, over HTTP, and opens each
 * import's preview, twice in one run: once with ordinary cells (the baseline) and once with cells
 * shaped like messages and ICU syntax. Each phase runs in a fresh child process on embedded
 * PGlite, so neither inherits the other's heap; the cells are of the same length in both, and the
 * heap is measured after a full GC. Prints RSS and heap after each phase, and the
 * ratio hostile / baseline; asserts nothing (tests/http/platform/hostile-text.test.ts checks the cache).
 */
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const IMPORTS = Number(process.env.BENCH_IMPORTS ?? 40);
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);

type Kind = 'ordinary' | 'hostile';

async function phase(kind: Kind): Promise<void> {
  const { createTestApp } = await import('../tests/helpers/app');
  const { actingAs, addMember, createOrganization, createUser } = await import('../tests/helpers/factories');
  const { uploadImport } = await import('../tests/helpers/import-upload');
  const app = await createTestApp({});
  const org = await createOrganization(app, null, { plan: 'business' });
  const user = await createUser(app);
  await addMember(app, org.id, user, 'editor');
  const client = await actingAs(app, app.client(), user, org.id);
  await client.prime('/board-users/import');
  // The same length either way, so only the shape of the text differs.
  const hostile = (i: number, r: number) => `"@@i18n:[""x.${i}.${r} {a, plural, one {#} other {#}}""]","{n${i}x${r}, select, a {b} other {c}}"`;
  const cell = (i: number, r: number) => (kind === 'hostile' ? hostile(i, r) : `"Ada ${i}.${r} ${'x'.repeat(hostile(i, r).length - 40)}","Lovelace ${r} of the board"`);
  const settle = () => (globalThis as { gc?: () => void }).gc?.();
  settle();
  const before = process.memoryUsage();
  for (let i = 0; i < IMPORTS; i++) {
    const csv = ['first_name,last_name,email', ...Array.from({ length: ROWS }, (_, r) => `${cell(i, r)},person-${i}-${r}@example.test`)].join('\n');
    const res = await uploadImport(client, csv, kind === 'hostile' ? `{f${i}, plural,}.csv` : `f${i}.csv`);
    const page = await client.get(res.location ?? '/board-users/import');
    if (res.status !== 303 || page.status !== 200) throw new Error(`${kind} import ${i}: ${res.status}, preview ${page.status}`);
  }
  settle();
  const after = process.memoryUsage();
  process.send!({ kind, before, after });
  await app.close();
}

async function run(kind: Kind): Promise<{ before: NodeJS.MemoryUsage; after: NodeJS.MemoryUsage }> {
  const child = fork(fileURLToPath(import.meta.url), [kind], { execArgv: ['--import', 'tsx', '--expose-gc'], stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.on('message', (m) => resolve(m as { before: NodeJS.MemoryUsage; after: NodeJS.MemoryUsage }));
    child.on('exit', (code) => code !== 0 && reject(new Error(`${kind} phase exited ${code}`)));
  });
}

const mb = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;

if (process.argv[2] === 'ordinary' || process.argv[2] === 'hostile') {
  await phase(process.argv[2]);
} else {
  console.log(
    `${IMPORTS} imports × ${ROWS} rows, signed in, over HTTP, preview opened; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const base = await run('ordinary');
  const hostile = await run('hostile');
  for (const [name, m] of [
    ['ordinary cells (baseline)', base],
    ['message-shaped cells', hostile],
  ] as const) {
    console.log(`${name.padEnd(26)} rss ${mb(m.before.rss)} → ${mb(m.after.rss)}, heap ${mb(m.before.heapUsed)} → ${mb(m.after.heapUsed)}`);
  }
  const heapGrowth = (m: typeof base) => m.after.heapUsed - m.before.heapUsed;
  console.log(`hostile / baseline: heap growth ${(heapGrowth(hostile) / Math.max(1, heapGrowth(base))).toFixed(2)}×, final rss ${(hostile.after.rss / base.after.rss).toFixed(2)}×`);
}
