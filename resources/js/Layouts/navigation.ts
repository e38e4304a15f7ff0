import type { IconName } from '@/Components/Icon';
import type { SharedProps } from '@/types';
import { t } from '@/i18n';

export interface NavItem {
  label: string;
  href: string;
  icon: IconName;
}

/**
 * The signed-in sidebar: links depend on the current organisation and the user's abilities.
 * Every link must work for this user: the organisation's pages only once one is chosen (until
 * then they would all bounce to the picker, a platform admin's too), the list of them before.
 * Called while rendering: the labels are in the interface's language.
 */
export function navigationFor(auth: Partial<SharedProps['auth']> | undefined): NavItem[] {
  const org = auth?.organization ?? null;
  const can = auth?.can;
  if (!org) return [{ label: t('app.nav.organizations'), href: '/organizations', icon: 'building' }];
  const items: NavItem[] = [
    { label: t('app.nav.dashboard'), href: '/dashboard', icon: 'home' },
    { label: t('app.nav.boardUsers'), href: '/board-users', icon: 'users' },
    { label: t('app.nav.insights'), href: '/insights', icon: 'document' },
  ];
  if (can?.manageMembers) items.push({ label: t('app.nav.members'), href: '/users', icon: 'shield' });
  if (can?.viewActivity) items.push({ label: t('app.nav.activityLog'), href: `/organizations/${org.id}/activity-logs`, icon: 'clock' });
  items.push({ label: t('app.nav.organization'), href: `/organizations/${org.id}`, icon: 'building' });
  items.push({ label: t('app.nav.subscription'), href: '/subscription', icon: 'card' });
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
