/**
 * Type test (run by `npm run typecheck`, part of `npm test`): realtime events and activity kinds
 * are declared once (shared/realtime-events.ts, shared/activity-kinds.ts) and every broadcast,
 * listener and log call is checked against them. Each `@ts-expect-error` below must be an error,
 * or tsc fails with "Unused '@ts-expect-error' directive" — so a contract that stopped checking
 * would break the build.
 */
import type { Broadcaster } from '../../server/broadcasting/broadcaster';
import type { UnitOfWork } from '../../server/lib/unit-of-work';
import { channels } from '../../shared/channels';
import { useAccountEvents, useLiveReload, useOrganizationEvent } from '../../resources/js/hooks/useRealtime';

declare const uow: UnitOfWork;
declare const broadcaster: Broadcaster;
const org = channels.organization(1);
const user = channels.user(2);
const organization = { id: 1, name: 'Acme' };

export function serverBroadcasts() {
  // The right names and payloads type-check, on their kind of channel.
  uow.broadcast({ channels: [org], event: 'BoardUserChanged', data: { id: 3, action: 'updated' } });
  uow.broadcast({ channels: [user], event: 'RoleChanged', data: { organization, role: 'admin', previous_role: 'editor' } });
  void broadcaster.publish({ channels: [org], event: 'InsightChanged', data: { id: 0, action: 'bulk_publish' }, socketId: '1.2' });

  // @ts-expect-error no such event
  uow.broadcast({ channels: [org], event: 'InsightShared', data: { id: 3, action: 'shared' } });

  // @ts-expect-error a wrong payload: the id is a number
  uow.broadcast({ channels: [org], event: 'BoardUserChanged', data: { id: '3', action: 'updated' } });

  // @ts-expect-error a wrong payload: a field is missing (previous_role)
  uow.broadcast({ channels: [user], event: 'RoleChanged', data: { organization, role: 'admin' } });

  // @ts-expect-error a role outside the union
  uow.broadcast({ channels: [user], event: 'RoleChanged', data: { organization, role: 'boss', previous_role: 'editor' } });

  // A board member's own channel carries its own event, and only it.
  uow.broadcast({ channels: [channels.portalMember(4)], event: 'PortalAccessEnded', data: { organization } });

  // @ts-expect-error a board member's event on a staff user's channel
  uow.broadcast({ channels: [user], event: 'PortalAccessEnded', data: { organization } });

  // @ts-expect-error a staff event on a board member's channel
  uow.broadcast({ channels: [channels.portalMember(4)], event: 'RoleChanged', data: { organization, role: 'admin', previous_role: 'editor' } });

  // @ts-expect-error a user-channel event on an organisation's channel
  uow.broadcast({ channels: [org], event: 'RoleChanged', data: { organization, role: 'admin', previous_role: 'editor' } });

  // @ts-expect-error a channel name written by hand instead of made by `channels`
  uow.broadcast({ channels: ['private-organizations.1'], event: 'BoardUserChanged', data: { id: 3, action: 'updated' } });

  // @ts-expect-error the broadcaster checks the same way (wrong payload for the event)
  void broadcaster.publish({ channels: [org], event: 'BoardUserImportProgress', data: { id: 1, status: 'done' } });
}

export function clientListeners() {
  // The payload's type comes from the map.
  useOrganizationEvent('InsightChanged', (payload) => payload.id.toFixed());
  useOrganizationEvent('BoardUserImportProgress', (payload) => payload.processed_rows + payload.total_rows);
  useLiveReload(['ActivityLogged'], ['organization'], { when: (entry) => entry.subject_type === 'organization' });
  useAccountEvents();

  // @ts-expect-error no such event on the organisation channel
  useOrganizationEvent('InsightShared', () => {});

  // @ts-expect-error a user-channel event is not heard on the organisation channel
  useOrganizationEvent('RoleChanged', () => {});

  // @ts-expect-error a wrong payload type in a listener (the id is a number)
  useOrganizationEvent('BoardUserChanged', (payload: { id: string; action: string }) => payload.id);

  // @ts-expect-error a field the payload does not have
  useOrganizationEvent('InsightChanged', (payload) => payload.title);

  // @ts-expect-error useLiveReload's filter gets the event's payload (an activity entry has no `action`)
  useLiveReload(['ActivityLogged'], ['organization'], { when: (entry) => entry.action === 'x' });

  // @ts-expect-error no such event for a live reload
  useLiveReload(['InsightShared'], ['insights']);
}

export async function activityKinds() {
  // The right kind with its facts type-checks.
  await uow.log({ organization_id: 1, kind: 'user.role_changed', subject_id: 2, facts: { member: 'Ann', from: 'editor', to: 'admin' } });
  await uow.log({ organization_id: 1, kind: 'organization.updated', subject_id: 1 });

  // @ts-expect-error an unknown activity kind
  await uow.log({ organization_id: 1, kind: 'insight.shared_by_magic', subject_id: 3, facts: {} });

  // @ts-expect-error a missing activity fact (`to`)
  await uow.log({ organization_id: 1, kind: 'user.role_changed', subject_id: 2, facts: { member: 'Ann', from: 'editor' } });

  // @ts-expect-error a fact of the wrong type (a count is a number)
  await uow.log({ organization_id: 1, kind: 'user.other_browser_sessions_ended', subject_id: 2, facts: { count: 'two' } });

  // @ts-expect-error facts are required when the kind declares some
  await uow.log({ organization_id: 1, kind: 'user.member_left', subject_id: 2 });
}
