/** `npm run reverb:start`: the realtime server alone, from the REVERB_* environment. */
import { loadConfig } from '../config';
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
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log('info')(`reverb: ${signal}, shutting down`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await server.stop();
    process.exit(0);
  } catch (e) {
    log('error')('reverb: shutdown failed', e instanceof Error ? e.message : e);
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
