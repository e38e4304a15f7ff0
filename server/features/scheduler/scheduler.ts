import type { AppContext } from '../../context';
import { runScheduledTransitions } from './transitions';
import { runPortalDigests } from '../portal-delivery/service';
import { pruneWebhookDeliveries } from '../webhooks/worker';

export interface RunningScheduler {
  stop(): Promise<void>;
}

/**
 * Runs the scheduled transitions, then the board members' daily digests (and prunes webhook
 * deliveries older than 30 days), once a minute inside the
 * server (like `schedule:work`). The timer is unref'd, so it never keeps a process alive; runs never overlap; `stop` waits for a
 * run in progress.
 */
export function startScheduler(ctx: AppContext, options: { intervalMs?: number } = {}): RunningScheduler {
  const intervalMs = options.intervalMs ?? 60_000;
  let running: Promise<void> | null = null;
  let stopped = false;

  const tick = () => {
    if (stopped || running) return;
    // Each job on its own: one failing does not keep the other from running.
    const transitions = runScheduledTransitions(ctx)
      .then((report) => {
        const changed = report.trialsEnded + report.renewed + report.pastDue + report.recovered + report.ended;
        if (changed || report.failed) ctx.logger.info({ scheduler: report }, 'scheduled subscription transitions');
      })
      .catch((error) => ctx.logger.error({ err: error }, 'scheduler run failed'));
    running = transitions
      .then(() => runPortalDigests(ctx))
      .then((digests) => {
        if (digests.sent || digests.failed) ctx.logger.info({ digests }, 'portal digests');
      })
      .catch((error) => ctx.logger.error({ err: error }, 'portal digest run failed'))
      // Webhook deliveries and their attempts are kept 30 days.
      .then(async () => {
        await pruneWebhookDeliveries(ctx);
      })
      .catch((error) => ctx.logger.error({ err: error }, 'webhook delivery prune failed'))
      .finally(() => {
        running = null;
      });
  };

  const timer = setInterval(tick, intervalMs);
  timer.unref();
  // A first run shortly after start, so nothing waits a whole minute after a restart.
  const first = setTimeout(tick, Math.min(5_000, intervalMs));
  first.unref();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(first);
      if (running) await running;
    },
  };
}
