import { router } from '@inertiajs/react';
import { useState, type ReactNode } from 'react';
import { Button } from './Button';
import { ConfirmDialog } from './ConfirmDialog';
import type { IconGlyph } from './Icon';
import { trashIcon } from './icons/trash';

export interface DestructiveActionProps {
  /** The button's label: "Delete", "Remove". */
  label: string;
  /** The question of the confirmation: "Delete Anna Smith?". */
  title: ReactNode;
  /** What will happen. */
  description: ReactNode;
  /** Where the DELETE goes once confirmed. */
  url: string;
  icon?: IconGlyph;
}

/**
 * A record's destructive action: a danger button that asks first, then sends DELETE. It always
 * sits last in the page header's actions, on the Show and the Edit page alike, so it has one
 * place and one weight everywhere (docs/decisions/0010-page-and-form-layout.md).
 */
export function DestructiveAction({ label, title, description, url, icon = trashIcon }: DestructiveActionProps) {
  const [confirming, setConfirming] = useState(false);
  const [processing, setProcessing] = useState(false);
  return (
    <>
      <Button variant="danger" icon={icon} onClick={() => setConfirming(true)}>
        {label}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={title}
        description={description}
        confirmLabel={label}
        processing={processing}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          router.delete(url, {
            preserveScroll: true,
            onStart: () => setProcessing(true),
            onFinish: () => {
              setProcessing(false);
              setConfirming(false);
            },
          })
        }
      />
    </>
  );
}

export default DestructiveAction;
