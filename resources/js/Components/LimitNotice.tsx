import { Link } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { cx } from './cx';
import { useFormatters } from '@/hooks/useFormatters';
import { Trans, useT } from '@/i18n';
import type { LimitKey } from '@/Pages/Subscriptions/Partials/labels';
import { route } from '../../../shared/routes';

/** The server's `limit` prop of a create page (server/account/limits.ts LimitStatus). */
export interface PlanLimit {
  key: LimitKey;
  plan_name: string;
  used: number;
  /** null = unlimited; 0 = not included in the plan. */
  max: number | null;
  full: boolean;
  may_upgrade: boolean;
}

const linkClasses = 'font-medium underline underline-offset-4';

/** The amber notice a page shows where a plan limit stops a create, before any form (the invite form's, shared). */
export function LimitNotice({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div role="status" className={cx('rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-200', className)}>
      {children}
    </div>
  );
}

/** "Board users: 25 of 25 on the Free plan. The limit is reached. Upgrade the plan to add more." */
// The labels are the app catalog's own: every signed-in page has it, not the subscriptions one.
export function PlanLimitNotice({ limit, className }: { limit: PlanLimit; className?: string }) {
  const t = useT();
  const { number } = useFormatters();
  const values = { label: t(`app.limitNotice.labels.${limit.key}`), plan: limit.plan_name, used: number(limit.used), max: number(limit.max ?? 0) };
  return (
    <LimitNotice className={className}>
      <p>{limit.max === 0 ? t('app.limitNotice.notIncluded', values) : t('app.limitNotice.reached', values)}</p>
      <p className="mt-1">
        {limit.may_upgrade ? (
          <Trans id={limit.max === 0 ? 'app.limitNotice.upgradeToUse' : 'app.limitNotice.upgrade'} components={{ 0: <Link href={route('subscription.edit')} className={linkClasses} /> }} />
        ) : (
          t('app.limitNotice.askAdmin')
        )}
      </p>
    </LimitNotice>
  );
}
