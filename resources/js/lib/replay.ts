/**
 * Resume without loss (ADR 0035), on an unmodified pusher-js client. The server gives every logged event a
 * position (`<epoch>:<seq>`, a top-level field of the frame that pusher-js does not decode, so it is read from
 * the raw frames), and each new subscription its starting point (`pusher_internal:resume_info`). After a
 * reconnect, each channel that had a position asks for what it missed (`pusher:resume`); the server sends those
 * events in order, each once, then `pusher:resumed`, or `pusher:resume_failed` when they are no longer in its
 * window: then `onMissed` runs, so the page re-fetches what it shows.
 */

/** The part of a pusher-js client this uses (pusher-js 8). */
export interface ReplayPusher {
  connection: {
    bind(event: 'state_change', callback: (change: { previous: string; current: string }) => void): unknown;
    unbind(event: 'state_change', callback: (change: { previous: string; current: string }) => void): unknown;
    /** pusher-js's current protocol connection; its transport emits every raw frame. */
    connection?: { transport?: RawTransport | null } | null;
  };
  send_event(event: string, data: unknown, channel?: string): boolean;
  allChannels(): { name: string }[];
}

interface RawTransport {
  bind(event: 'message', callback: (message: { data: unknown }) => void): unknown;
  unbind(event: 'message', callback: (message: { data: unknown }) => void): unknown;
}

export interface ReplayTracker {
  /** The last position seen per channel. */
  positions(): ReadonlyMap<string, string>;
  stop(): void;
}

interface Position {
  epoch: string;
  seq: number;
}

function parse(value: unknown): Position | null {
  if (typeof value !== 'string') return null;
  const m = /^([A-Za-z0-9]{1,32}):(\d{1,15})$/.exec(value);
  return m ? { epoch: m[1], seq: Number(m[2]) } : null;
}

const format = (p: Position) => `${p.epoch}:${p.seq}`;

/** `b` when it is later in the same log, or from another log (the server started it over); else `a`. */
const later = (a: Position | null, b: Position | null) => (!a ? b : !b ? a : a.epoch !== b.epoch || b.seq > a.seq ? b : a);

function decode(raw: unknown): { event: string; channel?: string; data: Record<string, unknown>; position: Position | null } | null {
  if (typeof raw !== 'string') return null;
  try {
    const frame = JSON.parse(raw) as { event?: unknown; channel?: unknown; data?: unknown; position?: unknown };
    if (typeof frame.event !== 'string') return null;
    let data: unknown = frame.data;
    if (typeof data === 'string') {
      try {
        data = JSON.parse(data);
      } catch {
        data = {};
      }
    }
    return {
      event: frame.event,
      channel: typeof frame.channel === 'string' ? frame.channel : undefined,
      data: data && typeof data === 'object' ? (data as Record<string, unknown>) : {},
      position: parse(frame.position),
    };
  } catch {
    return null;
  }
}

interface Resuming {
  /** The starting point of the new subscription (resume_info). */
  start: Position | null;
  /** The latest position seen while the resume runs (live and replayed events). */
  seen: Position | null;
}

export function trackReplay(pusher: ReplayPusher, onMissed: (channel: string, reason: string) => void): ReplayTracker {
  const positions = new Map<string, Position>();
  /** Channels to resume after a reconnect, from where they were; null: no position known (re-fetch). */
  let toResume = new Map<string, Position | null>();
  const resuming = new Map<string, Resuming>();
  let transport: RawTransport | null = null;

  const advance = (channel: string, p: Position | null) => {
    const next = later(positions.get(channel) ?? null, p);
    if (next) positions.set(channel, next);
  };

  const onFrame = (message: { data: unknown }) => {
    const frame = decode(message.data);
    const channel = frame?.channel;
    if (!frame || !channel) return;
    const running = resuming.get(channel);
    if (frame.position) {
      if (running) running.seen = later(running.seen, frame.position);
      else advance(channel, frame.position);
    }
    switch (frame.event) {
      case 'pusher_internal:subscription_succeeded': {
        if (!toResume.has(channel)) return;
        const since = toResume.get(channel) ?? null;
        toResume.delete(channel);
        if (!since) return onMissed(channel, 'unknown');
        resuming.set(channel, { start: null, seen: null });
        pusher.send_event('pusher:resume', { channel, since: format(since) });
        return;
      }
      case 'pusher_internal:resume_info': {
        const start = parse(frame.data.position);
        if (running) running.start = start;
        else if (start) {
          // A new subscription's starting point (events before it were not this subscription's to see).
          const current = positions.get(channel);
          positions.set(channel, current && current.epoch === start.epoch && current.seq > start.seq ? current : start);
        }
        return;
      }
      case 'pusher:resumed':
        if (!running) return;
        resuming.delete(channel);
        positions.delete(channel);
        advance(channel, parse(frame.data.position) ?? running.start);
        advance(channel, running.seen);
        return;
      case 'pusher:resume_failed':
        if (!running) return;
        resuming.delete(channel);
        positions.delete(channel);
        advance(channel, running.start);
        advance(channel, running.seen);
        onMissed(channel, typeof frame.data.reason === 'string' ? frame.data.reason : 'expired');
        return;
    }
  };

  const hook = () => {
    const next = pusher.connection.connection?.transport ?? null;
    if (next === transport) return;
    transport?.unbind('message', onFrame);
    transport = next;
    transport?.bind('message', onFrame);
  };

  const onState = ({ previous, current }: { previous: string; current: string }) => {
    if (previous === 'connected' && current !== 'connected') {
      // What to ask for once the channels are subscribed again; channels left since are forgotten.
      const subscribed = new Set(pusher.allChannels().map((c) => c.name));
      toResume = new Map([...subscribed].map((name) => [name, resuming.get(name) ? null : (positions.get(name) ?? null)]));
      for (const name of positions.keys()) if (!subscribed.has(name)) positions.delete(name);
      resuming.clear();
    }
    // Fired before pusher-js subscribes again on the new connection, so no frame of it is missed.
    if (current === 'connected') {
      hook();
      // Without its raw frames (another pusher-js) nothing can be resumed: every channel re-fetches.
      if (!transport) for (const name of toResume.keys()) toResume.set(name, null);
    }
  };

  pusher.connection.bind('state_change', onState);
  if (pusher.connection.connection) hook();

  return {
    positions: () => new Map([...positions].map(([name, p]) => [name, format(p)])),
    stop() {
      pusher.connection.unbind('state_change', onState);
      transport?.unbind('message', onFrame);
      transport = null;
    },
  };
}
