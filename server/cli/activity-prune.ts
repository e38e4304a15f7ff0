// `npm run activity:prune -- --days=365`: deletes activity log entries older than N days
// (default 365), a batch at a time, and prints how many went. For cron. With the embedded PGlite
// database, run it only while the server is stopped: PGlite allows one process.
import { parsePruneArgs } from '../features/activity/schema';

const args = parsePruneArgs(process.argv.slice(2));
if (!args.ok) {
  console.error(args.error);
  process.exit(2);
}
if (args.help) {
  console.log('Usage: npm run activity:prune -- --days=365\nDeletes activity log entries older than the given number of days (default 365).');
  process.exit(0);
}

// Loaded only for a real run, so a bad argument is answered without touching the database.
const { loadEnvFile } = await import('../lib/env-file');
const { loadConfig } = await import('../config');
const { boot } = await import('../bootstrap');
const { pruneActivity } = await import('../features/activity/service');

loadEnvFile();
const booted = await boot(loadConfig());
try {
  const report = await pruneActivity(booted.ctx, { days: args.days });
  console.log(`Activity log: ${report.deleted} ${report.deleted === 1 ? 'entry' : 'entries'} older than ${args.days} day(s) (before ${report.cutoff.toISOString()}) deleted.`);
  process.exitCode = 0;
} finally {
  await booted.close();
}
