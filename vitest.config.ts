import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each file boots its own app and database; two cores, so keep parallelism modest.
    maxWorkers: 2,
    env: { APP_ENV: 'test', LOG_LEVEL: 'silent' },
  },
});
