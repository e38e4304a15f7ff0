import type { Request } from 'express';
import type { Config } from '../config';

export interface RealtimeClientConfig {
  key: string;
  host: string;
  port: number;
  scheme: 'http' | 'https';
}

/**
 * What the browser should dial for websockets. Learned at run time, so one build serves every
 * environment: explicit REVERB_PUBLIC_* values win, else the host the page was served from.
 */
export function realtimeClientConfig(config: Config, req: Request): RealtimeClientConfig {
  const scheme = (config.REVERB_SCHEME || new URL(config.APP_URL).protocol.replace(':', '')) as 'http' | 'https';
  return {
    key: config.REVERB_APP_KEY,
    host: config.REVERB_PUBLIC_HOST || req.hostname || 'localhost',
    port: config.REVERB_PUBLIC_PORT ?? config.REVERB_PORT,
    scheme,
  };
}
