/** `npm run reverb:start`: the realtime server alone, from the REVERB_* environment. */
import { loadConfig } from '../config';
import { describeError } from '../realtime/guard';
import { createRealtimeServer, realtimeOptionsFromConfig } from '../realtime/index';

const config = loadConfig();
const log = (level: string) => (...a: unknown[]) => {
  if (config.LOG_LEVEL === 'silent') return;
  console.log(JSON.stringify({ level, time: new Date().toISOString(), msg: a.map(String).join(' ') }));
};
const server = createRealtimeServer({
  ...realtimeOptionsFromConfig(config),
  logger: { info: log('info'), warn: log('warn'), error: log('error') },
});

const { port } = await server.start();
log('info')(`reverb: app ${config.REVERB_APP_ID} on ws://${config.REVERB_HOST}:${port}/app/${config.REVERB_APP_KEY}`);

let stopping = false;
async function shutdown(signal: string, exitCode = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  log('info')(`reverb: ${signal}, shutting down`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await server.stop();
    process.exit(exitCode);
  } catch (e) {
    log('error')('reverb: shutdown failed', describeError(e));
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

// Last resort only: guard() keeps every error inside the server (tests/resilience/realtime-fuzz.test.ts).
// A stray rejection leaves no state half-changed, so it is logged and the sockets stay up; a thrown error
// might have, so the process logs it, closes its sockets (clients reconnect) and exits for the supervisor.
process.on('unhandledRejection', (reason) => log('error')('reverb: unhandled rejection (still serving)', describeError(reason)));
process.on('uncaughtException', (error) => {
  log('error')('reverb: uncaught exception', describeError(error));
  void shutdown('uncaughtException', 1);
});
