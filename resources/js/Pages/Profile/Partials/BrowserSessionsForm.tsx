import { router } from '@inertiajs/react';
import { useState } from 'react';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { ConfirmsPassword } from '@/Components/ConfirmsPassword';
import { Icon } from '@/Components/Icon';
import { computerIcon } from '@/Components/icons/computer';
import { logoutIcon } from '@/Components/icons/logout';
import { phoneIcon } from '@/Components/icons/phone';
import { useFormatters } from '@/hooks/useFormatters';
import { useT } from '@/i18n';
import PasswordDeleteAction from './PasswordDeleteAction';
import { route } from '../../../../../shared/routes';

export interface BrowserSession {
  id: string;
  agent: { is_desktop: boolean; platform: string | null; browser: string | null };
  ip_address: string | null;
  last_active: string;
  is_current_device: boolean;
}

/** Jetstream's browser sessions: every signed-in browser, and signing them out. */
export default function BrowserSessionsForm({ sessions }: { sessions: BrowserSession[] }) {
  const { relative, dateTime } = useFormatters();
  const t = useT();
  const others = sessions.filter((s) => !s.is_current_device).length;
  const [ending, setEnding] = useState<string | null>(null);

  const signOut = (id: string) => {
    setEnding(id);
    router.delete(route('browser-sessions.destroy', { id }), { preserveScroll: true, onFinish: () => setEnding(null) });
  };

  return (
    <Card id="browser-sessions" title={t('profile.sessions.title')} description={t('profile.sessions.description')}>
      <ul className="divide-y divide-slate-200 dark:divide-slate-700/70" aria-label={t('profile.sessions.listLabel')}>
        {sessions.map((session) => {
          const name = t('profile.sessions.browserOn', {
            browser: session.agent.browser ?? t('profile.sessions.unknownBrowser'),
            platform: session.agent.platform ?? t('profile.sessions.unknownPlatform'),
          });
          return (
            <li key={session.id} className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
              <span className="grid size-10 shrink-0 place-items-center rounded-full bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                <Icon icon={session.agent.is_desktop ? computerIcon : phoneIcon} className="size-5" />
              </span>
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium text-slate-900 dark:text-white">{name}</p>
                <p className="text-slate-500 dark:text-slate-400">
                  {session.ip_address ?? t('profile.sessions.unknownIp')} ·{' '}
                  {session.is_current_device ? (
                    <span className="font-medium text-emerald-700 dark:text-emerald-400">{t('profile.sessions.thisDevice')}</span>
                  ) : (
                    <span title={dateTime(session.last_active)}>{t('profile.sessions.lastActive', { time: relative(session.last_active) })}</span>
                  )}
                </p>
              </div>
              {session.is_current_device ? null : (
                <ConfirmsPassword onConfirmed={() => signOut(session.id)}>
                  {(start, checking) => (
                    <Button variant="secondary" size="sm" onClick={start} processing={checking || ending === session.id} aria-label={t('profile.sessions.signOutLabel', { name })}>
                      {t('profile.sessions.signOut')}
                    </Button>
                  )}
                </ConfirmsPassword>
              )}
            </li>
          );
        })}
      </ul>
      {others > 0 ? (
        <PasswordDeleteAction
          url={route('browser-sessions.destroy-others')}
          label={t('profile.sessions.others.label')}
          icon={logoutIcon}
          className="mt-5"
          title={t('profile.sessions.others.title')}
          description={t('profile.sessions.others.description')}
        />
      ) : (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">{t('profile.sessions.noOthers')}</p>
      )}
    </Card>
  );
}
