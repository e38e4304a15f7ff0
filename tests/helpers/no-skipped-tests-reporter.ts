import type { Reporter, TestModule } from 'vitest/node';

/**
 * Under CI a skipped test fails the run: the skips in this suite wait for a service (Redis,
 * PostgreSQL, a redis-server binary, /proc) that CI provides, so one that skips there is a test
 * that silently stopped running. Locally `npm test` stays green without those services.
 */
export default class NoSkippedTestsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const skipped: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        if (test.result().state === 'skipped') skipped.push(`${module.relativeModuleId} › ${test.fullName}`);
      }
    }
    if (!skipped.length) return;
    console.error(`\n${skipped.length} test(s) skipped under CI, which runs every test:\n${skipped.map((s) => `  - ${s}`).join('\n')}\n`);
    process.exitCode = 1;
  }
}
