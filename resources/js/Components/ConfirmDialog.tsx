import { useRef, type ReactNode } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';
import { useT } from '@/i18n';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** What will happen, e.g. "Anna Smith will be moved to the trash." */
  description?: ReactNode;
  /** Extra content (a password field before deleting an account …). */
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /**
   * `danger` (red confirm button, default): a destructive confirmation, announced as
   * role="alertdialog". `primary`: an ordinary choice, a plain role="dialog".
   */
  tone?: 'danger' | 'primary';
  /** Disables the buttons and shows a spinner while the request runs. */
  processing?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A confirmation modal. The Cancel button gets the first focus, so Enter never confirms a
 * destructive action by accident; Escape and the backdrop cancel; focus returns to the opener.
 */
export function ConfirmDialog({ open, title, description, children, confirmLabel, cancelLabel, tone = 'danger', processing = false, onConfirm, onClose }: ConfirmDialogProps) {
  const t = useT();
  const cancel = useRef<HTMLButtonElement>(null);
  const close = () => {
    if (!processing) onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={title}
      description={description}
      role={tone === 'danger' ? 'alertdialog' : 'dialog'}
      size="sm"
      initialFocus={cancel}
      footer={
        <>
          <Button ref={cancel} variant="secondary" onClick={close} disabled={processing}>
            {cancelLabel ?? t('common.actions.cancel')}
          </Button>
          <Button variant={tone} onClick={onConfirm} processing={processing}>
            {confirmLabel ?? t('common.actions.confirm')}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}

export default ConfirmDialog;
