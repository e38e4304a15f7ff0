import { router } from '@inertiajs/react';
import { useState } from 'react';
import { Button } from '@/Components/Button';
import { PasskeyList } from '@/Components/PasskeyList';
import { Card } from '@/Components/Card';
import { ConfirmDialog } from '@/Components/ConfirmDialog';
import { EmptyState } from '@/Components/EmptyState';
import { keyIcon } from '@/Components/icons/key';
import { plusIcon } from '@/Components/icons/plus';
import { passkeysSupported } from '@/lib/passkeys';
import { AddPasskeyModal } from '@/Components/AddPasskeyModal';
import { useT } from '@/i18n';
import { route } from '../../../../../shared/routes';

export interface PortalPasskey {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** A board member's passkeys: one signs them in instead of a mailed link. */
export function PortalPasskeys({ passkeys }: { passkeys: PortalPasskey[] }) {
  const t = useT();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PortalPasskey | null>(null);
  const [busy, setBusy] = useState(false);
  const supported = passkeysSupported();

  const remove = () => {
    if (!removing) return;
    setBusy(true);
    router.delete(route('portal.passkeys.destroy', { id: removing.id }), {
      preserveScroll: true,
      onFinish: () => {
        setBusy(false);
        setRemoving(null);
      },
    });
  };

  return (
    <Card
      id="passkeys"
      title={t('portal.passkeys.title')}
      description={t('portal.passkeys.description')}
      actions={
        supported ? (
          <Button size="sm" icon={plusIcon} onClick={() => setAdding(true)}>
            {t('portal.passkeys.add')}
          </Button>
        ) : null
      }
    >
      {!supported ? <p className="mb-4 text-sm text-amber-800 dark:text-amber-300">{t('portal.passkeys.unsupported')}</p> : null}
      {passkeys.length === 0 ? (
        <EmptyState icon={keyIcon} title={t('portal.passkeys.emptyTitle')} text={t('portal.passkeys.emptyText')} bordered={false} />
      ) : (
        <PasskeyList
          passkeys={passkeys}
          label={t('portal.passkeys.title')}
          used={(values) => t('portal.passkeys.addedUsed', values)}
          unused={(values) => t('portal.passkeys.addedUnused', values)}
          actions={(passkey) => (
            <Button variant="secondary" size="sm" onClick={() => setRemoving(passkey)} aria-label={t('portal.passkeys.removeLabel', { name: passkey.name })}>
              {t('portal.passkeys.remove')}
            </Button>
          )}
        />
      )}
      <AddPasskeyModal
        open={adding}
        onClose={() => setAdding(false)}
        routes={{ options: 'portal.passkeys.options', store: 'portal.passkeys.store' }}
        labels={{
          title: t('portal.passkeys.add'),
          description: t('portal.passkeys.addDescription'),
          name: t('portal.passkeys.name'),
          placeholder: t('portal.passkeys.namePlaceholder'),
          nameRequired: t('portal.passkeys.nameRequired'),
          cancel: t('portal.passkeys.cancel'),
          create: t('portal.passkeys.create'),
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        onConfirm={remove}
        processing={busy}
        title={t('portal.passkeys.removeTitle')}
        description={removing ? t('portal.passkeys.removeText', { name: removing.name }) : ''}
        confirmLabel={t('portal.passkeys.remove')}
      />
    </Card>
  );
}
