import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import type { RealtimeConfig } from '@/types';
import { syncCsrfMeta, xsrfToken } from './csrf';
import { http } from './http';

let current: { echo: Echo<'reverb'>; key: string } | null = null;

/**
 * Echo puts the meta tag's token on its auth requests once, at start; this adds the cookie's, read
 * per request (as axios does), so a token rotated since Echo started still passes.
 */
const authHeaders = (): Record<string, string> => {
  const token = xsrfToken();
  return { 'X-Requested-With': 'XMLHttpRequest', ...(token ? { 'X-XSRF-TOKEN': token } : {}) };
};

/**
 * The one Echo connection of the signed-in user. Where to dial comes from the server at run time
 * (shared prop `realtime`), so one build serves every environment.
 */
export function connectEcho(config: RealtimeConfig, userId: number): Echo<'reverb'> {
  const key = JSON.stringify([config.key, config.host, config.port, config.scheme, userId]);
  if (current?.key === key) return current.echo;
  disconnectEcho();
  syncCsrfMeta();
  const echo = new Echo({
    broadcaster: 'reverb',
    key: config.key,
    wsHost: config.host,
    wsPort: config.port,
    wssPort: config.port,
    forceTLS: config.scheme === 'https',
    enabledTransports: ['ws', 'wss'],
    namespace: 'App.Events',
    Pusher,
    channelAuthorization: { endpoint: '/broadcasting/auth', transport: 'ajax', headers: {}, headersProvider: authHeaders },
    userAuthentication: { endpoint: '/broadcasting/user-auth', transport: 'ajax', headers: {}, headersProvider: authHeaders },
    // Our own axios instance gets the X-Socket-Id header below; Echo's global hooks have nothing to find.
    withoutInterceptors: true,
  });
  current = { echo, key };
  return echo;
}

export function disconnectEcho(): void {
  current?.echo.disconnect();
  current = null;
}

/** Writes made from this tab say which socket to leave out of their broadcast: it already knows. */
http.interceptors.request.use((request) => {
  const socketId = current?.echo.socketId();
  if (socketId) request.headers.set('X-Socket-Id', socketId);
  return request;
});
