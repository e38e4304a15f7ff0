import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reloadOnceForNewBuild, STALE_BUILD_KEY, STALE_BUILD_WINDOW_MS } from '../../resources/js/lib/staleBuild';
import { createTestApp, type TestApp } from '../helpers/app';
import { rawRequest } from '../helpers/raw-http';

/**
 * After a deploy, open tabs ask for chunks of the old build. The server answers a plain,
 * uncached 404 (never a 500), and the client loads the page anew once (app.tsx; the browser
 * side is tests/e2e/stale-build.spec.ts).
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('an old chunk name', () => {
  it('is a 404 the browser and caches do not keep', async () => {
    const res = await rawRequest(app.url, { method: 'GET', path: '/build/assets/Terms-0ld6u1ld.js', headers: { Accept: '*/*' } });
    expect(res.status).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    // Cheap: no session is started for it.
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('reloadOnceForNewBuild', () => {
  const memory = () => {
    const map = new Map<string, string>();
    return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
  };

  it('loads the page once, records when, and refuses again within the window', () => {
    const storage = memory();
    let now = 1_000_000;
    let loads = 0;
    const deps = { storage, now: () => now, load: () => (loads += 1) };
    expect(reloadOnceForNewBuild(deps)).toBe(true);
    expect(storage.map.get(STALE_BUILD_KEY)).toBe('1000000');
    now += STALE_BUILD_WINDOW_MS - 1;
    expect(reloadOnceForNewBuild(deps)).toBe(false);
    expect(loads).toBe(1);
    now += 1;
    expect(reloadOnceForNewBuild(deps)).toBe(true); // a later deploy
    expect(loads).toBe(2);
  });

  it('never reloads without a working storage (it could not stop a loop)', () => {
    let loads = 0;
    const load = () => (loads += 1);
    expect(reloadOnceForNewBuild({ storage: null, now: () => 5, load })).toBe(false);
    const throwing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(reloadOnceForNewBuild({ storage: throwing, now: () => 5, load })).toBe(false);
    expect(loads).toBe(0);
  });
});
