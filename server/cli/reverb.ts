/**
 * `npm run reverb:start`: the realtime server alone, from the REVERB_* environment. `npm start`
 * runs the same (bundled) script as a supervised child process (server/cli/supervise.ts).
 */
import { loadConfig } from '../config';
import { resolveSecrets } from '../secrets';
import { createRealtimeServer, realtimeOptionsFromConfig } from '../realtime/index';
import { explainListenError } from '../lib/listen-error';
import { realtimeAddresses } from '../realtime/addresses';
import { isStartupError } from '../lib/startup-error';
import { humanReadable } from '../lib/tty';
import { exitPlainlyOnStartupErrors, installCrashHandlers } from './crash-handlers';
import { loadEnvFile } from '../lib/env-file';

exitPlainlyOnStartupErrors();
loadEnvFile();
const config = loadConfig();
resolveSecrets(config); // REVERB_APP_SECRET, when empty, derived from the app key as the app derives it
const human = humanReadable();
const line = (level: string, msg: string, fields: Record<string, unknown> = {}) => {
  if (config.LOG_LEVEL === 'silent') return;
  if (human) {
    const stack = (fields.err as { stack?: string } | undefined)?.stack;
    return console.log(`[${new Date().toTimeString().slice(0, 8)}] ${level.toUpperCase()}: ${msg}${stack ? `\n${stack}` : ''}`);
  }
  console.log(JSON.stringify({ level, time: new Date().toISOString(), msg, ...fields }));
};
const log =
  (level: string) =>
  (...a: unknown[]) =>
    line(level, a.map(String).join(' '));
installCrashHandlers({
  fatal: ({ err, ...fields }, msg) => line('fatal', msg, { ...fields, err: err instanceof Error ? { type: err.name, message: err.message, stack: err.stack } : String(err) }),
});

const server = createRealtimeServer({
  ...realtimeOptionsFromConfig(config),
  logger: { info: log('info'), warn: log('warn'), error: log('error') },
});

for (const deprecation of config.DEPRECATIONS) log('warn')(deprecation);
const addresses = realtimeAddresses(config);
const { port } = await listening();
log('info')(`reverb: app ${config.REVERB_APP_ID} on ws://${addresses.listenHost}:${port}${addresses.path}/app/${config.REVERB_APP_KEY}`);

/** A taken port is said plainly; under `npm start` by the parent, once, which then stops (supervise.ts). */
async function listening(): Promise<{ port: number }> {
  try {
    return await server.start();
  } catch (error) {
    const explained = explainListenError(error, { [addresses.listenPortVariable]: addresses.listenPort, REVERB_METRICS_PORT: config.REVERB_METRICS_PORT });
    if (isStartupError(explained) && process.send && process.connected) {
      process.send({ type: 'startup-error', message: explained.message }, () => process.exit(1));
      return new Promise<never>(() => {});
    }
    throw explained;
  }
}

/** SIGTERM drains first (ADR 0034): /ready 503 and new connections refused, then open ones closed. */
const drainMs = (config.REVERB_DRAIN_SECONDS ?? (config.APP_ENV === 'test' ? 0 : 5)) * 1000;
let stopping = false;
async function shutdown(reason: string, drain: boolean): Promise<void> {
  if (stopping) {
    // A second signal (or the parent gone) while draining: stop now.
    log('info')(`reverb: ${reason} while shutting down, stopping now`);
    return void server.stop();
  }
  stopping = true;
  log('info')(`reverb: ${reason}, shutting down${drain && drainMs > 0 ? ` after draining for ${drainMs / 1000} s` : ''}`);
  const force = setTimeout(() => process.exit(1), (drain ? drainMs : 0) + 10_000);
  force.unref();
  try {
    await (drain ? server.drain(drainMs) : server.stop());
    process.exit(0);
  } catch (e) {
    log('error')('reverb: shutdown failed', e instanceof Error ? e.message : e);
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT', false));
process.on('SIGTERM', () => void shutdown('SIGTERM', true));

// Run by `npm start`: say when it serves, and never outlive the parent (the IPC channel closes
// when the parent exits, even by SIGKILL).
if (process.send) {
  process.on('disconnect', () => void shutdown('parent process gone', false));
  if (process.connected) process.send({ type: 'ready', port });
  else void shutdown('parent process gone', false);
}
