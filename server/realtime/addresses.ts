import { isIP } from 'node:net';
import type { Config } from '../config';

/** Where the realtime server listens and where browsers reach it. */
export interface RealtimeAddresses {
  listenHost: string;
  listenPort: number;
  /** The variable that chose the listening port, for a "port in use" message. */
  listenPortVariable: 'REVERB_SERVER_PORT' | 'REVERB_PORT';
  /** The host browsers dial; null: APP_URL's host. */
  publicHost: string | null;
  publicPort: number;
  /** Path prefix of the websocket and the HTTP API ('' or '/reverb'). */
  path: string;
}

const BIND_ALL = new Set(['0.0.0.0', '::', '[::]']);
/** A bind address or a name of this machine: what Boardly's REVERB_HOST always meant, and a public host only for local use. */
const isLocal = (host: string) => BIND_ALL.has(host) || host === 'localhost' || isIP(host.replace(/^\[|\]$/g, '')) !== 0;

/**
 * Reverb's reading: the server listens on REVERB_SERVER_HOST:REVERB_SERVER_PORT (0.0.0.0:8080) and
 * browsers connect to REVERB_HOST:REVERB_PORT. Boardly read REVERB_HOST/REVERB_PORT as the
 * listening address; that reading stays where it cannot be Reverb's: a REVERB_HOST that is an
 * address of this machine (or unset) lets REVERB_PORT choose the listening port too, so
 * `REVERB_PORT=8081 npm start` still moves the server, while a public REVERB_HOST (a proxy's name)
 * leaves the server on REVERB_SERVER_PORT as in Reverb.
 */
export function realtimeAddresses(config: Config): RealtimeAddresses {
  const host = config.REVERB_HOST;
  const publicName = host !== '' && !isLocal(host);
  const listenHost = config.REVERB_SERVER_HOST ?? (host !== '' && !publicName ? host : '0.0.0.0');
  const portFromReverbPort = config.REVERB_SERVER_PORT === undefined && !publicName && config.REVERB_PORT !== undefined;
  const listenPort = config.REVERB_SERVER_PORT ?? (portFromReverbPort ? config.REVERB_PORT! : 8080);
  return {
    listenHost,
    listenPort,
    listenPortVariable: portFromReverbPort ? 'REVERB_PORT' : 'REVERB_SERVER_PORT',
    publicHost: host === '' || BIND_ALL.has(host) ? null : host,
    publicPort: config.REVERB_PORT ?? listenPort,
    path: config.REVERB_SERVER_PATH.replace(/\/$/, ''),
  };
}

/** Where this machine reaches its own realtime server (a bind-all address is dialled on loopback). */
export const localDialHost = (listenHost: string) => (BIND_ALL.has(listenHost) ? '127.0.0.1' : listenHost.replace(/^\[|\]$/g, ''));
