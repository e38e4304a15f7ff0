import { router } from '@inertiajs/react';
import { Dropdown, DropdownButton, DropdownHeader, DropdownLink, DropdownSeparator } from '@/Components/Dropdown';
import { Icon } from '@/Components/Icon';
import { cx } from '@/Components/cx';
import { buildingIcon } from '@/Components/icons/building';
import { plusIcon } from '@/Components/icons/plus';
import { roleName } from '@/lib/roles';
import type { CurrentOrganization, OrganizationSummary } from '@/types';
import { useT } from '@/i18n';
import { route } from '../../../shared/routes';

export interface OrganizationSwitcherProps {
  current: CurrentOrganization | null;
  organizations: OrganizationSummary[];
}

/** Lists the user's organisations; choosing one makes it the session's current organisation. */
export function OrganizationSwitcher({ current, organizations }: OrganizationSwitcherProps) {
  const t = useT();
  // Two organisations may share a name: the slug (their web address) tells them apart.
  const sameName = (name: string) => organizations.filter((o) => o.name.trim().toLowerCase() === name.trim().toLowerCase()).length > 1;
  const currentAmbiguous = !!current && sameName(current.name);
  return (
    <Dropdown
      align="left"
      width="w-80 max-w-[calc(100vw-2rem)]"
      ariaLabel={current ? t('app.switcher.current', { name: currentAmbiguous ? `${current.name} (${current.slug})` : current.name }) : t('app.switcher.chooseAn')}
      // The picker takes the room the header has (a name is cut only when it truly does not fit).
      className="min-w-0"
      buttonClassName="max-w-full lg:max-w-md border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900"
      label={
        <>
          <Icon icon={buildingIcon} className="hidden size-4 shrink-0 text-slate-400 sm:block" />
          <span className="truncate" title={current ? (currentAmbiguous ? `${current.name} (${current.slug})` : current.name) : undefined}>
            {current ? current.name : t('app.switcher.choose')}
          </span>
          {currentAmbiguous ? <span className="hidden shrink-0 font-mono text-xs font-normal text-slate-500 sm:inline dark:text-slate-400">{current.slug}</span> : null}
        </>
      }
    >
      <DropdownHeader>{t('app.switcher.switch')}</DropdownHeader>
      {organizations.length ? (
        organizations.map((org) => (
          <DropdownButton
            key={org.id}
            wrap
            current={current?.id === org.id}
            onClick={() => {
              if (current?.id !== org.id) router.post(route('organizations.switch', { id: org.id }));
            }}
          >
            {org.name}
            {org.role ? <span className="ml-2 text-xs text-slate-600 capitalize dark:text-slate-400">{roleName(org.role)}</span> : null}
            <span className={cx('block truncate font-mono text-xs', sameName(org.name) ? 'text-slate-600 dark:text-slate-300' : 'text-slate-500 dark:text-slate-400')}>{org.slug}</span>
          </DropdownButton>
        ))
      ) : (
        <DropdownHeader className="italic">{t('app.switcher.none')}</DropdownHeader>
      )}
      <DropdownSeparator />
      <DropdownLink href={route('organizations.index')} icon={buildingIcon}>
        {t('app.switcher.all')}
      </DropdownLink>
      <DropdownLink href={route('organizations.create')} icon={plusIcon}>
        {t('app.switcher.new')}
      </DropdownLink>
    </Dropdown>
  );
}

export default OrganizationSwitcher;
