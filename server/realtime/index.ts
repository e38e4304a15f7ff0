/** Laravel-Reverb-compatible Pusher protocol 7 server: websocket clients + Pusher HTTP API on one port. */
export { createRealtimeServer, originAllowed, type RealtimeServer } from './server';
export { realtimeOptionsFromConfig } from './from-config';
export type { RealtimeLogger, RealtimeOptions } from './options';
