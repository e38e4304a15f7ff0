import type { Config } from '../config';
import { realtimeAddresses } from '../realtime/addresses';

export interface RealtimeClientConfig {
  key: string;
  host: string;
  port: number;
  scheme: 'http' | 'https';
  /** Path prefix of the websocket (REVERB_SERVER_PATH), when there is one. */
  path?: string;
}

/**
 * What the browser should dial for websockets. Learned at run time, so one build serves every
 * environment: REVERB_HOST/REVERB_PORT (Reverb's names for what browsers dial) win, else APP_URL's host (never the request's
 * Host header, which anyone can set and which would land in the page and its CSP).
 */
const computed = new WeakMap<Config, RealtimeClientConfig>();

export function realtimeClientConfig(config: Config): RealtimeClientConfig {
  // Every full page visit sends it; the configuration does not change while the process runs.
  let found = computed.get(config);
  if (!found) {
    const appUrl = new URL(config.APP_URL);
    const scheme = (config.REVERB_SCHEME || appUrl.protocol.replace(':', '')) as 'http' | 'https';
    const addresses = realtimeAddresses(config);
    found = Object.freeze({
      key: config.REVERB_APP_KEY,
      host: addresses.publicHost ?? appUrl.hostname,
      port: addresses.publicPort,
      scheme,
      ...(addresses.path ? { path: addresses.path } : {}),
    });
    computed.set(config, found);
  }
  return found;
}
