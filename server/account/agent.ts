import type BowserType from 'bowser';
import { lazyPackage } from '../lib/lazy-package';

// Loaded with the first user agent parsed (the sessions page, a sign-in mail), not at start.
const bowser = lazyPackage<typeof BowserType>('bowser');

export interface Agent {
  /** Jetstream's shape: `is_desktop`, `platform`, `browser`. */
  is_desktop: boolean;
  platform: string | null;
  browser: string | null;
}

/** Device and browser from a user agent, with a maintained parser (bowser). */
export function parseAgent(userAgent: string | null): Agent {
  if (!userAgent) return { is_desktop: true, platform: null, browser: null };
  const parsed = bowser().parse(userAgent);
  const type = parsed.platform.type;
  return {
    is_desktop: type === undefined || type === 'desktop',
    platform: parsed.os.name || null,
    browser: parsed.browser.name || null,
  };
}

/** "Chrome on Linux", for a mail or a log line. */
export function describeAgent(agent: Agent): string {
  if (agent.browser && agent.platform) return `${agent.browser} on ${agent.platform}`;
  return agent.browser ?? agent.platform ?? 'An unknown browser';
}
