import { defineConfig } from 'vitest/config';

const common = {
  testTimeout: 30_000,
  hookTimeout: 90_000,
  pool: 'forks' as const,
  env: { APP_ENV: 'test', LOG_LEVEL: 'silent' },
};

// The whole suite runs on in-memory PGlite; with TEST_DATABASE_URL the HTTP suite (and the HTTP
// resilience tests) runs again on that PostgreSQL (each test file in its own schema).
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: { ...common, name: 'pglite', include: ['tests/**/*.test.ts'], exclude: ['tests/e2e/**', 'node_modules/**'], env: { ...common.env, TEST_DB_DRIVER: 'pglite' } },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { ...common, name: 'postgres', include: ['tests/http/**/*.test.ts', 'tests/resilience/http-*.test.ts'], env: { ...common.env, TEST_DB_DRIVER: 'postgres' } } }]
        : []),
    ],
  },
});
