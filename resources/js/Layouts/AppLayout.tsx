import { router, usePage } from '@inertiajs/react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Badge } from '@/Components/Badge';
import { Button } from '@/Components/Button';
import { Icon } from '@/Components/Icon';
import { menuIcon } from '@/Components/icons/menu';
import { xIcon } from '@/Components/icons/x';
import { Logo } from '@/Components/Logo';
import { OnlineMembers } from '@/Components/OnlineMembers';
import { ThemeToggle } from '@/Components/ThemeToggle';
import { Toasts } from '@/Components/Toasts';
import { useFocusTrap } from '@/Components/useFocusTrap';
import { useAccountEvents, useOrganizationPresence } from '@/hooks/useRealtime';
import { activeHref, navigationFor } from './navigation';
import { OrganizationSwitcher } from './OrganizationSwitcher';
import { SidebarNav } from './SidebarNav';
import { SkipLink } from './SkipLink';
import { UserMenu } from './UserMenu';
import { useT } from '@/i18n';
import { roleName } from '@/lib/roles';
import { route } from '../../../shared/routes';

export interface AppLayoutProps {
  children: ReactNode;
}

/** The signed-in shell. Also the default layout, so it renders a plain bar for guests. */
export function AppLayout({ children }: AppLayoutProps) {
  const page = usePage();
  const t = useT();
  const online = useOrganizationPresence();
  useAccountEvents();
  const [navOpen, setNavOpen] = useState(false);
  const closeNav = useCallback(() => setNavOpen(false), []);
  const auth = page.props.auth;
  const user = auth?.user ?? null;

  if (!user) {
    return (
      <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
        <SkipLink />
        <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
            <Logo href="/" />
            <div className="flex items-center gap-1 sm:gap-2">
              <ThemeToggle />
              <Button href={route('login')} variant="ghost" size="sm">
                {t('common.nav.signIn')}
              </Button>
              <Button href={route('register')} size="sm">
                {t('common.nav.register')}
              </Button>
            </div>
          </div>
        </header>
        <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-8 focus:outline-none sm:px-6 lg:px-8">
          {children}
        </main>
        <Toasts />
      </div>
    );
  }

  const organization = auth?.organization ?? null;
  const items = navigationFor(auth);
  const active = activeHref(items, page.url);

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SkipLink />

      {/* Desktop sidebar */}
      <aside className="hidden border-r border-slate-200 bg-white lg:fixed lg:inset-y-0 lg:flex lg:w-64 lg:flex-col dark:border-slate-800 dark:bg-slate-900">
        <div className="flex h-16 shrink-0 items-center px-6">
          <Logo href={organization ? route('dashboard') : route('organizations.index')} />
        </div>
        <div className="flex-1 overflow-y-auto px-3 py-4">
          <SidebarNav items={items} active={active} />
        </div>
        <SidebarFooter organization={organization} />
      </aside>

      <MobileNav open={navOpen} onClose={closeNav} items={items} active={active} organization={organization} />

      <div className="lg:pl-64">
        <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90">
          <div className="flex h-16 items-center gap-2 px-3 sm:gap-3 sm:px-6 lg:px-8">
            <button
              type="button"
              onClick={() => setNavOpen(true)}
              aria-expanded={navOpen}
              aria-controls="mobile-navigation"
              className="-ml-1 rounded-lg p-2 text-slate-700 hover:bg-slate-100 lg:hidden dark:text-slate-200 dark:hover:bg-slate-800"
            >
              <Icon icon={menuIcon} className="size-6" />
              <span className="sr-only">{t('app.shell.openNavigation')}</span>
            </button>
            <OrganizationSwitcher current={organization} organizations={auth?.organizations ?? []} />
            <div className="ml-auto flex items-center gap-1 sm:gap-2">
              <OnlineMembers members={online} />
              <ThemeToggle />
              <UserMenu user={user} />
            </div>
          </div>
        </header>
        <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6 focus:outline-none sm:px-6 sm:py-8 lg:px-8">
          {children}
        </main>
      </div>
      <Toasts />
    </div>
  );
}

function SidebarFooter({ organization }: { organization: { name: string; role: string | null } | null }) {
  if (!organization) return null;
  return (
    <div className="border-t border-slate-200 px-6 py-4 dark:border-slate-800">
      <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{organization.name}</p>
      {organization.role && (
        <Badge tone="neutral" className="mt-1 capitalize">
          {roleName(organization.role)}
        </Badge>
      )}
    </div>
  );
}

/** A membership's role in the interface's language ("Owner"); an unknown one as it is. */
interface MobileNavProps {
  open: boolean;
  onClose: () => void;
  items: ReturnType<typeof navigationFor>;
  active: string | null;
  organization: { name: string; role: string | null } | null;
}

/** The phone drawer: a modal dialog (focus trapped, Escape closes, focus returns to the menu button). */
function MobileNav({ open, onClose, items, active, organization }: MobileNavProps) {
  const t = useT();
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, open, { onEscape: onClose });
  // Close the drawer whenever a visit starts (a link inside it, or elsewhere).
  useEffect(() => router.on('start', () => onClose()), [onClose]);
  // Leaving the phone breakpoint with the drawer open must not leave the page scroll-locked.
  useEffect(() => {
    if (!open) return;
    const query = window.matchMedia('(min-width: 64rem)');
    const onChange = () => query.matches && onClose();
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [open, onClose]);

  return (
    <>
      {open ? (
        <div className="fixed inset-0 z-50 lg:hidden">
          <div className="fixed inset-0 bg-slate-900/60" aria-hidden="true" onClick={onClose} />
          <div
            ref={panel}
            id="mobile-navigation"
            role="dialog"
            aria-modal="true"
            aria-label={t('app.shell.navigation')}
            tabIndex={-1}
            className="fixed inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl focus:outline-none dark:bg-slate-900"
          >
            <div className="flex h-16 items-center justify-between px-4">
              <Logo href={organization ? route('dashboard') : route('organizations.index')} />
              <button type="button" onClick={onClose} className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800">
                <Icon icon={xIcon} className="size-6" />
                <span className="sr-only">{t('app.shell.closeNavigation')}</span>
              </button>
            </div>
            <div className="flex-1 overflow-y-auto px-3 py-4">
              <SidebarNav items={items} active={active} onNavigate={onClose} />
            </div>
            <SidebarFooter organization={organization} />
          </div>
        </div>
      ) : null}
    </>
  );
}

export default AppLayout;
