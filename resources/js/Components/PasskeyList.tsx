import type { ReactNode } from 'react';
import { Icon } from '@/Components/Icon';
import { keyIcon } from '@/Components/icons/key';
import { useFormatters } from '@/hooks/useFormatters';

export interface PasskeyItem {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/**
 * A list of passkeys, each with its name, when it was added and last used, and its actions: the
 * staff profile's and the board portal's, each with its own words.
 */
export function PasskeyList<P extends PasskeyItem>({
  passkeys,
  label,
  used,
  unused,
  actions,
}: {
  passkeys: P[];
  label: string;
  used: (values: { date: string; lastUsed: string }) => string;
  unused: (values: { date: string }) => string;
  actions: (passkey: P) => ReactNode;
}) {
  const { date, dateTime, relative } = useFormatters();
  return (
    <ul aria-label={label} className="divide-y divide-slate-200 dark:divide-slate-700/70">
      {passkeys.map((passkey) => (
        <li key={passkey.id} className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
          <span className="grid size-10 shrink-0 place-items-center rounded-full bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            <Icon icon={keyIcon} className="size-5" />
          </span>
          <div className="min-w-0 flex-1 text-sm">
            <p className="truncate font-medium text-slate-900 dark:text-white">{passkey.name}</p>
            <p className="text-slate-500 dark:text-slate-400" title={passkey.last_used_at ? dateTime(passkey.last_used_at) : undefined}>
              {passkey.last_used_at ? used({ date: date(passkey.created_at), lastUsed: relative(passkey.last_used_at) }) : unused({ date: date(passkey.created_at) })}
            </p>
          </div>
          {actions(passkey)}
        </li>
      ))}
    </ul>
  );
}
