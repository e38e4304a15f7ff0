import { router } from '@inertiajs/react';
import type Echo from 'laravel-echo';
import type Pusher from 'pusher-js';
import type { RealtimeConfig } from '@/types';
import { syncCsrfMeta, xsrfToken } from './csrf';
import { route } from '../../../shared/routes';
import type { ReplayPusher, ReplayTracker, trackReplay } from './replay';

let current: { echo: Echo<'reverb'>; key: string; closing: boolean; replay: ReplayTracker } | null = null;
/** A connection whose libraries are still being fetched; `generation` tells a superseded one to give up. */
let pending: { key: string; promise: Promise<Echo<'reverb'> | null> } | null = null;
let generation = 0;

/**
 * laravel-echo and pusher-js are fetched only when a signed-in page first needs the socket (after
 * its first render), so guests and the first paint never pay for them.
 */
const loadLibraries = () => Promise.all([import('laravel-echo'), import('pusher-js'), import('./replay'), import('./http').then(({ http }) => markWritesWithSocket(http))]);

const MAX_RETRIES = 5;

/**
 * Echo puts the meta tag's token on its auth requests once, at start; this adds the cookie's, read
 * per request (as axios does), so a token rotated since Echo started still passes.
 */
const authHeaders = (): Record<string, string> => {
  const token = xsrfToken();
  return { 'X-Requested-With': 'XMLHttpRequest', ...(token ? { 'X-XSRF-TOKEN': token } : {}) };
};

/** Auth requests in flight: signing out waits for them, so none reaches the server after the session ended. */
const inFlight = new Set<Promise<void>>();

type AuthCallback = (error: Error | null, data: never) => void;

/**
 * pusher-js's own auth transport, as a fetch we can wait for: same endpoint, same form body,
 * same headers (the cookie's XSRF token, read per request).
 */
function authHandler(endpoint: string) {
  return (params: { socketId: string; channelName?: string }, callback: AuthCallback) => {
    const body = new URLSearchParams({ socket_id: params.socketId, ...(params.channelName ? { channel_name: params.channelName } : {}) });
    const request = fetch(endpoint, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json', ...authHeaders() },
      body,
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(`${endpoint} answered ${res.status}`);
        return res.json();
      })
      .then(
        (data) => callback(null, data as never),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null as never),
      );
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
  };
}

/**
 * The one Echo connection of the signed-in user. Where to dial comes from the server at run time
 * (shared prop `realtime`), so one build serves every environment. Resolves to null when it was
 * disconnected or replaced while its libraries loaded, or when they could not be loaded.
 */
export function connectEcho(config: RealtimeConfig, identity: string): Promise<Echo<'reverb'> | null> {
  const key = JSON.stringify([config.key, config.host, config.port, config.scheme, identity]);
  if (current?.key === key) return Promise.resolve(current.echo);
  if (pending?.key === key) return pending.promise;
  disconnectEcho();
  const mine = ++generation;
  const promise = loadLibraries().then(
    ([{ default: EchoClient }, { default: PusherClient }, replay]) => {
      if (mine !== generation) return null;
      pending = null;
      return open(EchoClient, PusherClient, replay.trackReplay, config, key, identity.startsWith('user:'));
    },
    () => {
      if (mine === generation) pending = null;
      return null;
    },
  );
  pending = { key, promise };
  return promise;
}

function open(EchoClient: typeof Echo, PusherClient: typeof Pusher, track: typeof trackReplay, config: RealtimeConfig, key: string, staff: boolean): Echo<'reverb'> {
  syncCsrfMeta();
  const echo = new EchoClient({
    broadcaster: 'reverb',
    key: config.key,
    wsHost: config.host,
    wsPort: config.port,
    wssPort: config.port,
    ...(config.path ? { wsPath: config.path } : {}),
    forceTLS: config.scheme === 'https',
    enabledTransports: ['ws', 'wss'],
    namespace: 'App.Events',
    Pusher: PusherClient,
    channelAuthorization: { endpoint: route('broadcasting.auth'), headers: {}, customHandler: authHandler(route('broadcasting.auth')) },
    userAuthentication: { endpoint: route('broadcasting.user-auth'), headers: {}, customHandler: authHandler(route('broadcasting.user-auth')) },
    // Our own axios instance gets the X-Socket-Id header below; Echo's global hooks have nothing to find.
    withoutInterceptors: true,
  });
  // Signed in over the socket (/broadcasting/user-auth), every connection of this user is known
  // to the server: it can message the user directly and close their sockets when access ends.
  // A board member's socket is not a user's: it subscribes to their own channel only.
  if (staff) echo.connector.signin();
  const pusher = (echo.connector as unknown as { pusher: Pusher }).pusher;
  const entry = { echo, key, closing: false, replay: track(pusher as unknown as ReplayPusher, () => refetchMissed(entry)) };
  current = entry;
  reconnectWhenRefused(entry);
  return echo;
}

/** Quiet time before re-fetching after missed events, so the channels of one reconnect make one request. */
const REFETCH_DELAY_MS = 300;
let refetchTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * A reconnect missed events the server no longer has (its replay window passed, or it restarted without
 * Redis): the page re-fetches what it shows, as useLiveReload does after an event, so it never silently
 * misses a change.
 */
function refetchMissed(entry: NonNullable<typeof current>): void {
  if (entry.closing || refetchTimer) return;
  refetchTimer = setTimeout(() => {
    refetchTimer = null;
    if (entry.closing) return;
    router.flushAll();
    router.reload({ async: true, showProgress: false });
  }, REFETCH_DELAY_MS);
}

/**
 * The server closes a user's sockets when they lose access to an organisation (4009), and
 * pusher-js does not retry a refused connection. Reconnecting re-authorises every channel, so
 * the ones still allowed come back and the others are refused. A few tries, spaced out.
 */
function reconnectWhenRefused(entry: NonNullable<typeof current>): void {
  const pusher = (entry.echo.connector as unknown as { pusher: Pusher }).pusher;
  let retries = 0;
  pusher.connection.bind('state_change', ({ previous, current: state }: { previous: string; current: string }) => {
    if (state === 'connected') retries = 0;
    if (state !== 'disconnected' || previous !== 'connected' || entry.closing || retries >= MAX_RETRIES) return;
    retries += 1;
    setTimeout(() => !entry.closing && pusher.connect(), 1_000 * retries);
  });
}

/**
 * Closes the connection cleanly: leave every channel, then disconnect. pusher-js writes to the
 * socket on the next tick, so the close waits one tick too: closing first would leave those
 * writes (the leaves just sent, or sent by pages tearing down a moment earlier) to a closing
 * socket, which the browser reports as errors. After this, leaveChannel() sends nothing.
 */
export function disconnectEcho(): void {
  generation += 1;
  pending = null;
  if (!current) return;
  const { echo, replay } = current;
  current.closing = true;
  current = null;
  replay.stop();
  echo.leaveAllChannels();
  setTimeout(() => echo.disconnect(), 0);
}

/**
 * Before signing out: close the connection and let the auth requests already sent come back
 * (briefly), so none arrives after the session has ended and answers 403.
 */
export async function quietEcho(waitMs = 2_000): Promise<void> {
  disconnectEcho();
  if (!inFlight.size) return;
  await Promise.race([Promise.allSettled([...inFlight]), new Promise((resolve) => setTimeout(resolve, waitMs))]);
}

/** Leaves a channel of `echo`, unless that connection is closed or closing (its channels go with it). */
export function leaveChannel(echo: Echo<'reverb'>, name: string): void {
  if (current?.echo === echo) echo.leave(name);
}

/**
 * Forgets a channel without telling the server: for a socket the server is closing (a member
 * removed, an organisation deleted), where an unsubscribe would be written to a closing socket.
 * The reconnect then does not ask to rejoin it. Echo and pusher-js keep channels by full name.
 */
export function forgetChannel(echo: Echo<'reverb'>, name: string): void {
  const connector = echo.connector as unknown as { channels: Record<string, unknown>; pusher: { channels: { remove(name: string): unknown } } };
  for (const full of [name, `private-${name}`, `presence-${name}`]) {
    delete connector.channels[full];
    connector.pusher.channels.remove(full);
  }
}

let marking = false;

/** Writes made from this tab say which socket to leave out of their broadcast: it already knows. */
function markWritesWithSocket(http: typeof import('./http').http): void {
  if (marking) return;
  marking = true;
  http.interceptors.request.use((request) => {
    const socketId = current?.echo.socketId();
    if (socketId) request.headers.set('X-Socket-Id', socketId);
    return request;
  });
}
