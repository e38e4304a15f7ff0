import { usePage } from '@inertiajs/react';
import type Echo from 'laravel-echo';
import { useEffect, useRef, useState } from 'react';
import type { OnlineMember } from '@/Components/OnlineMembers';
import { connectEcho } from '@/lib/echo';
import type { OrganizationEvents } from '@/types';

/** The signed-in user's Echo connection (null for guests, and before the first effect runs). */
export function useEcho(): Echo<'reverb'> | null {
  const { auth, realtime } = usePage().props;
  const userId = auth?.user?.id ?? null;
  const [echo, setEcho] = useState<Echo<'reverb'> | null>(null);
  const { key, host, port, scheme } = realtime ?? {};
  useEffect(() => {
    setEcho(userId !== null && key && host && port && scheme ? connectEcho({ key, host, port, scheme }, userId) : null);
  }, [userId, key, host, port, scheme]);
  return echo;
}

const organizationChannel = (id: number) => `organizations.${id}`;
const onlineChannel = (id: number) => `organizations.${id}.online`;

/**
 * Runs `handler` for each `event` on an organisation's private channel (the current one unless
 * `forOrganization` names another). Several components may listen at once; each removes only its
 * own listener.
 */
export function useOrganizationEvent<E extends keyof OrganizationEvents>(
  event: E,
  handler: (payload: OrganizationEvents[E]) => void,
  forOrganization?: number,
): void {
  const echo = useEcho();
  const current = usePage().props.auth?.organization?.id ?? null;
  const organizationId = forOrganization ?? current;
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!echo || organizationId === null) return;
    const channel = echo.private(organizationChannel(organizationId));
    const listener = (payload: OrganizationEvents[E]) => latest.current(payload);
    channel.listen(event, listener);
    return () => {
      channel.stopListening(event, listener);
      // Another organisation's channel was this component's alone to keep open.
      if (organizationId !== current) echo.leave(organizationChannel(organizationId));
    };
  }, [echo, organizationId, current, event]);
}

/**
 * Joins the current organisation's presence channel and the private channel for as long as the
 * signed-in shell shows it; leaves both on switching organisation. Returns who is online.
 */
export function useOrganizationPresence(): OnlineMember[] {
  const echo = useEcho();
  const organizationId = usePage().props.auth?.organization?.id ?? null;
  const [members, setMembers] = useState<OnlineMember[]>([]);
  useEffect(() => {
    if (!echo || organizationId === null) return;
    const name = onlineChannel(organizationId);
    echo
      .join(name)
      .here((here: OnlineMember[]) => setMembers(sortByName(here)))
      .joining((member: OnlineMember) => setMembers((list) => sortByName([...list.filter((m) => m.id !== member.id), member])))
      .leaving((member: OnlineMember) => setMembers((list) => list.filter((m) => m.id !== member.id)));
    return () => {
      echo.leave(name);
      echo.leave(organizationChannel(organizationId));
      setMembers([]);
    };
  }, [echo, organizationId]);
  return members;
}

const sortByName = (members: OnlineMember[]) => [...members].sort((a, b) => a.name.localeCompare(b.name));
