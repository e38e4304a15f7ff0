import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { compiledCatalogs } from './vite.config';

const common = {
  testTimeout: 30_000,
  hookTimeout: 90_000,
  pool: 'forks' as const,
  env: { APP_ENV: 'test', LOG_LEVEL: 'silent' },
};

// The whole suite runs on in-memory PGlite; with TEST_DATABASE_URL the HTTP suite (and the HTTP
// resilience tests) runs again on that PostgreSQL (each test file in its own schema), and so do
// tests/postgres: what needs several connections to one server (races, stores shared by two
// processes). PGlite has one connection and runs transactions one after another: such a test would prove nothing there.
export default defineConfig({
  // The server's renderer (resources/js/ssr.tsx), which HTTP tests load from source, imports the catalogs as the build does.
  plugins: [compiledCatalogs()],
  // Client modules some tests import (navigation.ts…) use the pages' `@/` alias.
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'resources/js') } },
  test: {
    maxWorkers: 2,
    // Under CI a skipped test fails the run (tests/helpers/no-skipped-tests-reporter.ts).
    reporters: process.env.CI === 'true' ? ['default', './tests/helpers/no-skipped-tests-reporter.ts'] : ['default'],
    projects: [
      {
        extends: true,
        test: { ...common, name: 'pglite', include: ['tests/**/*.test.ts'], exclude: ['tests/e2e/**', 'tests/postgres/**', 'node_modules/**'], env: { ...common.env, TEST_DB_DRIVER: 'pglite' } },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                ...common,
                name: 'postgres',
                include: ['tests/http/**/*.test.ts', 'tests/resilience/http-*.test.ts', 'tests/postgres/**/*.test.ts', 'tests/db/board-user-list-template.test.ts', 'tests/db/list-query.test.ts'],
                env: { ...common.env, TEST_DB_DRIVER: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
