import type Pusher from 'pusher';
import { lazyPackage } from '../lib/lazy-package';
import type { Logger } from '../lib/logger';
import type { RealtimeMessage } from '../../shared/realtime-events';

/**
 * One event to publish: channels of one kind, an event name and its payload as declared in
 * shared/realtime-events.ts (a wrong name or payload does not compile). The short name (e.g.
 * `ActivityLogged`) is published as `App\Events\ActivityLogged` for Echo's namespace.
 */
export type BroadcastMessage = RealtimeMessage & {
  /** The acting browser's socket: it already knows, so it is left out. */
  socketId?: string;
};

export interface Broadcaster {
  publish(message: BroadcastMessage): Promise<void>;
  /**
   * Closes every realtime connection of a user, so channels they were authorised for while they
   * had access stop reaching them; their browser reconnects and is authorised afresh.
   */
  terminateUser(userId: number): Promise<void>;
}

export const EVENT_NAMESPACE = 'App\\Events\\';

/** Channel names live in shared/channels.ts (one definition for the server and the client). */
export { channels } from '../../shared/channels';

export interface PusherBroadcasterOptions {
  appId: string;
  key: string;
  secret: string;
  host: string;
  port: number;
  useTLS: boolean;
  logger: Logger;
}

/** The Pusher SDK, loaded with the first event published or signed (not at `npm start`, issue #24). */
export const pusherPackage = lazyPackage<typeof Pusher>('pusher');

/** Publishes through the official Pusher SDK to our Reverb-compatible server's HTTP API. */
export function pusherBroadcaster(options: PusherBroadcasterOptions): Broadcaster {
  let created: Pusher | null = null;
  const client = () =>
    (created ??= new (pusherPackage())({
      appId: options.appId,
      key: options.key,
      secret: options.secret,
      host: options.host,
      port: String(options.port),
      useTLS: options.useTLS,
    }));
  return {
    async publish({ channels: names, event, data, socketId }) {
      // The HTTP API takes at most 100 channels per call.
      for (let i = 0; i < names.length; i += 100) {
        await client().trigger(names.slice(i, i + 100), EVENT_NAMESPACE + event, data, socketId ? { socket_id: socketId } : undefined);
      }
    },
    async terminateUser(userId) {
      await client().terminateUserConnections(String(userId));
    },
  };
}

/** Realtime turned off: events go nowhere (a memory of them would only grow). */
export const nullBroadcaster: Broadcaster = {
  async publish() {},
  async terminateUser() {},
};

/** A message as the wire sees it: plain channel names, the event's short name, its payload. */
export interface PublishedMessage {
  channels: string[];
  event: string;
  data: unknown;
  socketId?: string;
}

/** Records what would have been published (tests), as the wire sees it. */
export class MemoryBroadcaster implements Broadcaster {
  readonly published: PublishedMessage[] = [];
  readonly terminated: number[] = [];
  async publish(message: BroadcastMessage) {
    this.published.push(message);
  }
  async terminateUser(userId: number) {
    this.terminated.push(userId);
  }
}
