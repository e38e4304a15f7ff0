import type { IconGlyph } from '@/Components/Icon';
import { buildingIcon } from '@/Components/icons/building';
import { cardIcon } from '@/Components/icons/card';
import { clockIcon } from '@/Components/icons/clock';
import { documentIcon } from '@/Components/icons/document';
import { homeIcon } from '@/Components/icons/home';
import { shieldIcon } from '@/Components/icons/shield';
import { usersIcon } from '@/Components/icons/users';
import type { SharedProps } from '@/types';
import { route } from '../../../shared/routes';

export interface NavItem {
  /** The link's message id (`app.nav.*`), translated where the sidebar renders. */
  labelId: string;
  href: string;
  icon: IconGlyph;
}

/**
 * The signed-in sidebar: links depend on the current organisation and the user's abilities.
 * Every link must work for this user: the organisation's pages only once one is chosen (until
 * then they would all bounce to the picker, a platform admin's too), the list of them before.
 */
export function navigationFor(auth: Partial<SharedProps['auth']> | undefined): NavItem[] {
  const org = auth?.organization ?? null;
  const can = auth?.can;
  if (!org) return [{ labelId: 'app.nav.organizations', href: route('organizations.index'), icon: buildingIcon }];
  const items: NavItem[] = [
    { labelId: 'app.nav.dashboard', href: route('dashboard'), icon: homeIcon },
    { labelId: 'app.nav.boardUsers', href: route('board-users.index'), icon: usersIcon },
    { labelId: 'app.nav.insights', href: route('insights.index'), icon: documentIcon },
  ];
  if (can?.manageMembers) items.push({ labelId: 'app.nav.members', href: route('users.index'), icon: shieldIcon });
  if (can?.viewActivity) items.push({ labelId: 'app.nav.activityLog', href: route('activity-logs.index', { id: org.id }), icon: clockIcon });
  items.push({ labelId: 'app.nav.organization', href: route('organizations.show', { id: org.id }), icon: buildingIcon });
  items.push({ labelId: 'app.nav.subscription', href: route('subscription.show'), icon: cardIcon });
  return items;
}

function pathOf(url: string): string {
  const path = url.split(/[?#]/)[0] || '/';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The item whose href is the longest prefix of the current path (so /organizations/1/activity-logs
 * lights "Activity log", not "Organisation"). */
export function activeHref(items: NavItem[], url: string): string | null {
  const path = pathOf(url);
  let best: string | null = null;
  for (const item of items) {
    if ((path === item.href || path.startsWith(`${item.href}/`)) && (!best || item.href.length > best.length)) best = item.href;
  }
  return best;
}
