import { Avatar } from './Avatar';
import { cx } from './cx';
import { useT } from '@/i18n';

export interface OnlineMember {
  id: number;
  name: string;
}

export interface OnlineMembersProps {
  /** Who is online in the current organisation (presence channel); nothing renders when empty. */
  members: OnlineMember[];
  /** How many avatars to show before "+N" (default 4). */
  max?: number;
  className?: string;
}

export function OnlineMembers({ members, max = 4, className }: OnlineMembersProps) {
  const t = useT();
  if (!members.length) return null;
  const shown = members.slice(0, max);
  const more = members.length - shown.length;
  const names = members.map((m) => m.name).join(', ');
  return (
    <div className={cx('flex items-center gap-2', className)} title={names}>
      <span className="sr-only">{t('app.online.members', { count: members.length, names })}</span>
      {/* Phones: a dot and the count; the header has no room for faces. */}
      <span className="inline-flex items-center gap-1 text-xs font-medium text-slate-600 sm:hidden dark:text-slate-300" aria-hidden="true">
        <span className="size-2 rounded-full bg-emerald-500" />
        {members.length}
      </span>
      <div className="hidden gap-1 sm:flex" aria-hidden="true">
        {shown.map((member) => (
          <Avatar key={member.id} name={member.name} size="xs" />
        ))}
        {more > 0 ? (
          <span className="inline-flex size-6 items-center justify-center rounded-full bg-slate-200 text-[10px] font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-200">+{more}</span>
        ) : null}
      </div>
      <span className="hidden items-center gap-1.5 text-xs text-slate-500 md:inline-flex dark:text-slate-400" aria-hidden="true">
        <span className="size-2 rounded-full bg-emerald-500" />
        {t('app.online.count', { count: members.length })}
      </span>
    </div>
  );
}

export default OnlineMembers;
