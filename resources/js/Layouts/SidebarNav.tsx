import { Link } from '@inertiajs/react';
import { cx } from '@/Components/cx';
import { Icon } from '@/Components/Icon';
import type { NavItem } from './navigation';
import { useT } from '@/i18n';

export interface SidebarNavProps {
  items: NavItem[];
  active: string | null;
  onNavigate?: () => void;
}

export function SidebarNav({ items, active, onNavigate }: SidebarNavProps) {
  const t = useT();
  return (
    <nav aria-label={t('app.shell.mainNavigation')}>
      <ul className="space-y-1">
        {items.map((item) => {
          const current = item.href === active;
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                prefetch
                onClick={onNavigate}
                aria-current={current ? 'page' : undefined}
                className={cx(
                  'group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                  current
                    ? 'bg-brand-50 text-brand-900 dark:bg-brand-400/10 dark:text-brand-200'
                    : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
                )}
              >
                <Icon icon={item.icon} className={cx('size-5', current ? 'text-brand-600 dark:text-brand-300' : 'text-slate-400 group-hover:text-slate-600 dark:group-hover:text-slate-200')} />
                {t(item.labelId)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export default SidebarNav;
