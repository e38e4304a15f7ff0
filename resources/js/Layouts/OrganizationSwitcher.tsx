import { router } from '@inertiajs/react';
import { Dropdown, DropdownButton, DropdownHeader, DropdownLink, DropdownSeparator } from '@/Components/Dropdown';
import { Icon } from '@/Components/Icon';
import type { CurrentOrganization, OrganizationSummary } from '@/types';

export interface OrganizationSwitcherProps {
  current: CurrentOrganization | null;
  organizations: OrganizationSummary[];
}

/** Lists the user's organisations; choosing one makes it the session's current organisation. */
export function OrganizationSwitcher({ current, organizations }: OrganizationSwitcherProps) {
  return (
    <Dropdown
      align="left"
      width="w-72"
      ariaLabel={current ? `Organisation: ${current.name}. Switch organisation` : 'Choose an organisation'}
      buttonClassName="max-w-[11rem] sm:max-w-xs border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900"
      label={
        <>
          <Icon name="building" className="size-4 text-slate-400" />
          <span className="truncate">{current ? current.name : 'Choose organisation'}</span>
        </>
      }
    >
      <DropdownHeader>Switch organisation</DropdownHeader>
      {organizations.length ? (
        organizations.map((org) => (
          <DropdownButton
            key={org.id}
            current={current?.id === org.id}
            onClick={() => {
              if (current?.id !== org.id) router.post(`/organizations/${org.id}/switch`);
            }}
          >
            {org.name}
            {org.role ? <span className="ml-2 text-xs text-slate-600 capitalize dark:text-slate-400">{org.role}</span> : null}
          </DropdownButton>
        ))
      ) : (
        <DropdownHeader className="italic">No organisations yet</DropdownHeader>
      )}
      <DropdownSeparator />
      <DropdownLink href="/organizations" icon="building">
        All organisations
      </DropdownLink>
      <DropdownLink href="/organizations/create" icon="plus">
        New organisation
      </DropdownLink>
    </Dropdown>
  );
}

export default OrganizationSwitcher;
