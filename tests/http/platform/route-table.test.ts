import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { methods, path, type RouteName, routes } from '../../../shared/routes';
import { createTestApp, type TestApp } from '../../helpers/app';
import { listRoutes } from '../../helpers/routes';

/** shared/routes.ts is the app's one list of routes: the server registers exactly its entries. */
let app: TestApp;
let registered: string[];

beforeAll(async () => {
  app = await createTestApp();
  registered = listRoutes(createApp(app.ctx))
    .filter((r) => !r.path.startsWith('/__test'))
    .map((r) => `${r.method} ${r.path}`);
});
afterAll(() => app.close());

const table = (Object.keys(routes) as RouteName[]).flatMap((name) => methods(name).map((method) => `${method} ${path(name)}`));

describe('route table', () => {
  it('holds every route the app registers, with the same method and pattern', () => {
    expect(registered.length).toBeGreaterThan(0);
    expect(registered.filter((r) => !table.includes(r))).toEqual([]);
  });

  it('holds no route the app does not register', () => {
    expect(table.filter((r) => !registered.includes(r))).toEqual([]);
  });

  it('declares each method and pattern once', () => {
    expect(table.filter((r, i) => table.indexOf(r) !== i)).toEqual([]);
  });
});
