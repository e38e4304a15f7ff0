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
      width="w-80 max-w-[calc(100vw-2rem)]"
      ariaLabel={current ? `Organization: ${current.name}. Switch organization` : 'Choose an organization'}
      // The picker takes the room the header has (a name is cut only when it truly does not fit).
      className="min-w-0"
      buttonClassName="max-w-full lg:max-w-md border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900"
      label={
        <>
          <Icon name="building" className="hidden size-4 shrink-0 text-slate-400 sm:block" />
          <span className="truncate" title={current?.name}>
            {current ? current.name : 'Choose organization'}
          </span>
        </>
      }
    >
      <DropdownHeader>Switch organization</DropdownHeader>
      {organizations.length ? (
        organizations.map((org) => (
          <DropdownButton
            key={org.id}
            wrap
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
        <DropdownHeader className="italic">No organizations yet</DropdownHeader>
      )}
      <DropdownSeparator />
      <DropdownLink href="/organizations" icon="building">
        All organizations
      </DropdownLink>
      <DropdownLink href="/organizations/create" icon="plus">
        New organization
      </DropdownLink>
    </Dropdown>
  );
}

export default OrganizationSwitcher;
