// `npm run schedule:run`: runs the due subscription transitions and board members' digests once and exits (for cron, or
// when the in-server scheduler is turned off with SCHEDULER_ENABLED=false). With the embedded
// PGlite database, run it only while the server is stopped: PGlite allows one process.
import { loadConfig } from '../config';
import { boot } from '../bootstrap';
import { runScheduledTransitions } from '../features/scheduler';
import { runPortalDigests } from '../features/portal-delivery/service';
import { createLogger } from '../lib/logger';
import { installCrashHandlers } from './crash-handlers';
import { loadEnvFile } from '../lib/env-file';

loadEnvFile();
const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL);
installCrashHandlers(logger);
const booted = await boot(config, { logger });
try {
  const report = await runScheduledTransitions(booted.ctx);
  console.log(
    `Scheduled transitions: ${report.trialsEnded} trial(s) ended, ${report.renewed} renewal(s), ${report.pastDue} past due, ` +
      `${report.recovered} recovered, ${report.ended} ended${report.failed ? `, ${report.failed} FAILED (see the log)` : ''}.`,
  );
  const digests = await runPortalDigests(booted.ctx);
  console.log(`Board members' daily digests: ${digests.sent} sent${digests.failed ? `, ${digests.failed} FAILED (see the log)` : ''}.`);
  process.exitCode = report.failed || digests.failed ? 1 : 0;
} finally {
  await booted.close();
}
