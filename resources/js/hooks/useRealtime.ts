import { router, usePage } from '@inertiajs/react';
import type Echo from 'laravel-echo';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { OnlineMember } from '@/Components/OnlineMembers';
import { connectEcho, forgetChannel, leaveChannel } from '@/lib/echo';
import type { OrganizationEvents, PortalMemberEvents, UserEvents } from '../../../shared/realtime-events';
import { echoName } from '../../../shared/channels';
import { t } from '@/i18n';
import { route } from '../../../shared/routes';

/** The signed-in user's Echo connection (null for guests, and before the first effect runs). */
export function useEcho(): Echo<'reverb'> | null {
  const { auth, realtime, portal } = usePage().props;
  // Who the socket is for: a staff user, or a board member in the portal (their own channel only).
  const identity = auth?.user ? `user:${auth.user.id}` : portal ? `portal:${portal.member.id}` : null;
  const [echo, setEcho] = useState<Echo<'reverb'> | null>(null);
  const { key, host, port, scheme } = realtime ?? {};
  useEffect(() => {
    if (identity === null || !key || !host || !port || !scheme) {
      setEcho(null);
      return;
    }
    // The socket's libraries load after the first render (lib/echo.ts).
    let active = true;
    void connectEcho({ key, host, port, scheme }, identity).then((echo) => active && setEcho(echo));
    return () => {
      active = false;
    };
  }, [identity, key, host, port, scheme]);
  return echo;
}

const organizationChannel = echoName.organization;

/** The current organisation's id when its live channels may be opened (null until it admits this member: tenancy/gate.ts). */
const liveOrganizationId = (auth: { organization?: { id: number; admitted: boolean } | null } | undefined) => (auth?.organization?.admitted ? auth.organization.id : null);
const onlineChannel = echoName.online;

/**
 * Runs `handler` for each of `events` on an organisation's private channel (the current one
 * unless `forOrganization` names another). Several components may listen at once; each removes
 * only its own listeners.
 */
export function useOrganizationEvent<E extends keyof OrganizationEvents>(events: E | E[], handler: (payload: OrganizationEvents[E]) => void, forOrganization?: number): void {
  const echo = useEcho();
  const current = liveOrganizationId(usePage().props.auth);
  const organizationId = forOrganization ?? current;
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  const names = (Array.isArray(events) ? events : [events]).join(',');
  useEffect(() => {
    if (!echo || organizationId === null) return;
    const channel = echo.private(organizationChannel(organizationId));
    const listener = (payload: OrganizationEvents[E]) => latest.current(payload);
    for (const name of names.split(',')) channel.listen(name, listener);
    return () => {
      for (const name of names.split(',')) channel.stopListening(name, listener);
      // Another organisation's channel was this component's alone to keep open.
      if (organizationId !== current) leaveChannel(echo, organizationChannel(organizationId));
    };
  }, [echo, organizationId, current, names]);
}

/**
 * Joins the current organisation's presence channel and the private channel for as long as the
 * signed-in shell shows it; leaves both on switching organisation. Returns who is online.
 */
export function useOrganizationPresence(): OnlineMember[] {
  const echo = useEcho();
  const organizationId = liveOrganizationId(usePage().props.auth);
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
      leaveChannel(echo, name);
      leaveChannel(echo, organizationChannel(organizationId));
      setMembers([]);
    };
  }, [echo, organizationId]);
  return members;
}

const sortByName = (members: OnlineMember[]) => [...members].sort((a, b) => a.name.localeCompare(b.name));

export interface LiveReloadOptions<E extends keyof OrganizationEvents> {
  /** Quiet time before reloading, so a burst of events makes one request (default 300 ms). */
  delayMs?: number;
  /** Only events this accepts cause a reload (default: all of them). */
  when?: (payload: OrganizationEvents[E]) => boolean;
  /**
   * The event says the record this page shows is gone (deleted, removed): no reload (it would
   * answer 404); `onGone` runs instead, if given.
   */
  gone?: (payload: OrganizationEvents[E]) => boolean;
  onGone?: (payload: OrganizationEvents[E]) => void;
}

/**
 * Reloads `only` these props when another member changes what the page shows. Bursts (a bulk
 * action) collapse into one quiet reload; stale prefetched pages are dropped as well.
 */
export function useLiveReload<E extends keyof OrganizationEvents>(events: E[], only: string[], options: LiveReloadOptions<E> = {}): void {
  const { delayMs = 300 } = options;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const onlyKey = only.join(',');
  const reload = useCallback(
    (payload: OrganizationEvents[E]) => {
      const { when, gone, onGone } = latest.current;
      if (when && !when(payload)) return;
      if (gone?.(payload)) {
        if (timer.current) clearTimeout(timer.current);
        timer.current = null;
        onGone?.(payload);
        return;
      }
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        router.flushAll();
        router.reload({ only: onlyKey.split(','), async: true, showProgress: false });
      }, delayMs);
    },
    [onlyKey, delayMs],
  );
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  useOrganizationEvent(events, reload);
}

/**
 * Forgets an organisation's channels at once when the user is no longer in it (no unsubscribe: the server closes
 * the user's sockets right after telling them), so the reconnect does not ask to rejoin
 * channels it now refuses (403) before the next page has let go of them.
 */
function leaveOrganization(echo: Echo<'reverb'>, organizationId: number): void {
  forgetChannel(echo, organizationChannel(organizationId));
  forgetChannel(echo, onlineChannel(organizationId));
}

/** Listens for one event of the user's channel, its payload typed by shared/realtime-events.ts. */
function listenFor<E extends keyof UserEvents>(channel: ReturnType<Echo<'reverb'>['private']>, event: E, handler: (payload: UserEvents[E]) => void): void {
  channel.listen(event, handler);
}

/**
 * The signed-in user's own channel: a role change (or removal) anywhere, an organisation deleted
 * by a colleague and a new invitation show as a toast (replacing, not re-showing, the page's flash); a role change also reloads the
 * page, so buttons and menus follow at once.
 */
export function useAccountEvents(): void {
  const echo = useEcho();
  const { auth } = usePage().props;
  const userId = auth?.user?.id ?? null;
  const currentOrganization = useRef<number | null>(null);
  currentOrganization.current = auth?.organization?.id ?? null;
  useEffect(() => {
    if (!echo || userId === null) return;
    const name = echoName.user(userId);
    const channel = echo.private(name);
    listenFor(channel, 'RoleChanged', ({ organization, role }) => {
      // Removed from the organisation on screen: the reload's page says so itself ("You were removed from …").
      const removedFromCurrent = role === null && organization.id === currentOrganization.current;
      if (role === null) leaveOrganization(echo, organization.id);
      if (!removedFromCurrent) {
        router.flash(() => ({ info: role ? t('app.realtime.roleChanged', { organization: organization.name, role }) : t('app.realtime.removed', { organization: organization.name }) }));
      }
      router.reload();
    });
    listenFor(channel, 'OrganizationDeleted', ({ organization }) => {
      // The organisation on screen is gone: any page of it would answer 404, so go where the
      // server sends a member without one; that page says what happened.
      leaveOrganization(echo, organization.id);
      if (organization.id === currentOrganization.current) return void router.visit(route('dashboard'));
      router.flash(() => ({ info: t('app.realtime.organizationDeleted', { organization: organization.name }) }));
      router.reload();
    });
    listenFor(channel, 'InvitationReceived', ({ organization, role }) => {
      router.flash(() => ({ info: t('app.realtime.invited', { organization: organization.name, role }) }));
    });
    return () => leaveChannel(echo, name);
  }, [echo, userId]);
}

/**
 * One event of the signed-in board member's own channel (portal pages only; the server refuses it
 * to anyone else): `PortalAccessEnded` when staff revoke their access or it ends by itself.
 */
export function usePortalMemberEvent<E extends keyof PortalMemberEvents>(event: E, handler: (payload: PortalMemberEvents[E]) => void): void {
  const echo = useEcho();
  const memberId = usePage().props.portal?.member.id ?? null;
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!echo || memberId === null) return;
    const name = echoName.portalMember(memberId);
    echo.private(name).listen(event, (payload: PortalMemberEvents[E]) => latest.current(payload));
    return () => leaveChannel(echo, name);
  }, [echo, memberId, event]);
}
