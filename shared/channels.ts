/**
 * The realtime channel names, defined once for the server (broadcasts, channel authorisation)
 * and the client (Echo subscriptions). Echo adds the `private-` / `presence-` prefix itself, so
 * the client uses `echoName`; the wire names (what the server publishes and authorises) are `channels`.
 */
export const echoName = {
  organization: (id: number) => `organizations.${id}`,
  online: (id: number) => `organizations.${id}.online`,
  user: (id: number) => `App.Models.User.${id}`,
  /** A board member's own channel (portal sessions only): told when their access ends. */
  portalMember: (id: number) => `portal-members.${id}`,
};

export type ChannelKind = keyof typeof echoName;

const PREFIX: Record<ChannelKind, 'private-' | 'presence-'> = { organization: 'private-', online: 'presence-', user: 'private-', portalMember: 'private-' };

/**
 * A wire name of one kind of channel: a string that only `channels` below makes, so a broadcast
 * can check that its event belongs on that kind of channel (shared/realtime-events.ts).
 */
export type ChannelName<K extends ChannelKind> = string & { readonly __channelKind: K };

const wire =
  <K extends ChannelKind>(kind: K) =>
  (id: number) =>
    `${PREFIX[kind]}${echoName[kind](id)}` as ChannelName<K>;

/** Wire names, as broadcasts carry them and /broadcasting/auth is asked about them. */
export const channels = {
  organization: wire('organization'),
  online: wire('online'),
  user: wire('user'),
  portalMember: wire('portalMember'),
};

const ID = '(\\d{1,10})';
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** One pattern per kind, built from the names above (the id as a placeholder). */
const PATTERNS = (Object.keys(channels) as ChannelKind[]).map((kind) => {
  const [before, after] = channels[kind](0).split('0');
  return { kind, pattern: new RegExp(`^${escapeRegExp(before)}${ID}${escapeRegExp(after)}$`) };
});

/** Which channel a wire name is, with its id; null for any name the app does not use. */
export function parseChannel(name: string): { kind: ChannelKind; id: number } | null {
  for (const { kind, pattern } of PATTERNS) {
    const match = pattern.exec(name);
    if (match) return { kind, id: Number(match[1]) };
  }
  return null;
}
