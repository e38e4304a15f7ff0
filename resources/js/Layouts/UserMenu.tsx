import { Avatar } from '@/Components/Avatar';
import { Icon } from '@/Components/Icon';
import { chevronDownIcon } from '@/Components/icons/chevron-down';
import { clockIcon } from '@/Components/icons/clock';
import { cogIcon } from '@/Components/icons/cog';
import { logoutIcon } from '@/Components/icons/logout';
import { userIcon } from '@/Components/icons/user';
import { Badge } from '@/Components/Badge';
import { Dropdown, DropdownButton, DropdownHeader, DropdownLink, DropdownSeparator } from '@/Components/Dropdown';
import type { AuthUser } from '@/types';
import { useT } from '@/i18n';
import { signOut } from '@/lib/sign-out';
import { route } from '../../../shared/routes';

export function UserMenu({ user }: { user: AuthUser }) {
  const t = useT();
  return (
    <Dropdown
      align="right"
      width="w-64"
      // Named by what it shows (WCAG 2.5.3): "Ann Lee, account menu".
      ariaLabel={t('app.userMenu.label', { name: user.name })}
      buttonClassName="px-1.5"
      // On phones the avatar alone: the organization picker needs the room.
      chevron={false}
      label={
        <>
          <Avatar name={user.name} size="sm" />
          <span className="hidden max-w-[10rem] truncate md:inline">{user.name}</span>
          <Icon icon={chevronDownIcon} className="hidden size-4 text-slate-400 md:block" />
        </>
      }
    >
      <DropdownHeader>
        <span className="block truncate text-sm font-medium text-slate-900 dark:text-white">{user.name}</span>
        <span className="block truncate">{user.email}</span>
        {user.is_platform_admin ? (
          <Badge tone="brand" className="mt-1.5">
            {t('app.userMenu.platformAdmin')}
          </Badge>
        ) : null}
      </DropdownHeader>
      <DropdownSeparator />
      <DropdownLink href={route('profile.edit')} icon={userIcon}>
        {t('app.userMenu.profile')}
      </DropdownLink>
      <DropdownLink href={route('settings.edit')} icon={cogIcon}>
        {t('app.userMenu.settings')}
      </DropdownLink>
      <DropdownLink href={route('history')} icon={clockIcon}>
        {t('app.userMenu.history')}
      </DropdownLink>
      <DropdownSeparator />
      <DropdownButton icon={logoutIcon} onClick={() => void signOut()}>
        {t('app.userMenu.signOut')}
      </DropdownButton>
    </Dropdown>
  );
}

export default UserMenu;
