/** The address a connection is counted under for maxConnectionsPerIp. */
import type { IncomingMessage } from 'node:http';

/**
 * The peer address, or with trustProxy the last X-Forwarded-For entry: the address our own proxy saw
 * (entries before it are whatever the client chose to send, so they are never trusted).
 */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  const peer = req.socket.remoteAddress ?? '';
  if (!trustProxy) return peer;
  const header = req.headers['x-forwarded-for'];
  const list = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',');
  for (let i = list.length - 1; i >= 0; i--) {
    const entry = list[i].trim();
    if (entry) return entry.slice(0, 100);
  }
  return peer;
}
