/**
 * Pusher's subscription counting (`pusher_internal:subscription_count`, pusher-js: `channel.subscriptionCount`
 * and the `pusher:subscription_count` event), when the app turns it on: after subscriptions to a
 * public or private channel change, its subscribers are told the count over all nodes. Changes
 * within `debounceMs` are told once, so a burst of joins is one message, not one per join.
 */
import { encodeEvent, isPresence, isServerToUser } from './protocol';
import { ScalingUnavailable, type Scaling } from './scaling';

/** What the counter needs of its app's hub (an interface, so the two do not import each other). */
export interface SubscriptionCountHost {
  readonly scaling: Pick<Scaling, 'subscriptionCount'>;
  relay(channel: string, frame: string): void;
  track(work: Promise<unknown>): void;
}

export class SubscriptionCounts {
  private readonly due = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly hub: SubscriptionCountHost,
    private readonly debounceMs = 100,
  ) {}

  changed(channel: string): void {
    // Presence channels have their member list; the user channels are the server's own.
    if (isPresence(channel) || isServerToUser(channel) || channel.startsWith('#') || this.due.has(channel)) return;
    const timer = setTimeout(() => {
      this.due.delete(channel);
      this.hub.track(this.tell(channel));
    }, this.debounceMs);
    timer.unref();
    this.due.set(channel, timer);
  }

  private async tell(channel: string): Promise<void> {
    try {
      const count = await this.hub.scaling.subscriptionCount(channel);
      if (count > 0) this.hub.relay(channel, encodeEvent('pusher_internal:subscription_count', { subscription_count: count }, channel));
    } catch (e) {
      if (!(e instanceof ScalingUnavailable)) throw e;
    }
  }

  stop(): void {
    for (const timer of this.due.values()) clearTimeout(timer);
    this.due.clear();
  }
}
