import type { Config } from '../config';

export interface RealtimeClientConfig {
  key: string;
  host: string;
  port: number;
  scheme: 'http' | 'https';
}

/**
 * What the browser should dial for websockets. Learned at run time, so one build serves every
 * environment: explicit REVERB_PUBLIC_* values win, else APP_URL's host (never the request's
 * Host header, which anyone can set and which would land in the page and its CSP).
 */
const computed = new WeakMap<Config, RealtimeClientConfig>();

export function realtimeClientConfig(config: Config): RealtimeClientConfig {
  // Every full page visit sends it; the configuration does not change while the process runs.
  let found = computed.get(config);
  if (!found) {
    const appUrl = new URL(config.APP_URL);
    const scheme = (config.REVERB_SCHEME || appUrl.protocol.replace(':', '')) as 'http' | 'https';
    found = Object.freeze({
      key: config.REVERB_APP_KEY,
      host: config.REVERB_PUBLIC_HOST || appUrl.hostname,
      port: config.REVERB_PUBLIC_PORT ?? config.REVERB_PORT,
      scheme,
    });
    computed.set(config, found);
  }
  return found;
}
