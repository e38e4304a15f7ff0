import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './cx';
import { Icon } from './Icon';
import { xIcon } from './icons/x';
import { useFocusTrap } from './useFocusTrap';
import { useT } from '@/i18n';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** role="alertdialog" for confirmations that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
  /** Element to focus when opening (default: the first focusable one). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Whether clicking the backdrop closes (default true). */
  closeOnBackdrop?: boolean;
}

const widths = { sm: 'sm:max-w-md', md: 'sm:max-w-lg', lg: 'sm:max-w-2xl' };

/** Accessible modal: focus trapped inside, Escape closes, focus returns to the opener. */
export function Modal({ open, onClose, title, description, children, footer, size = 'md', role = 'dialog', initialFocus, closeOnBackdrop = true }: ModalProps) {
  const t = useT();
  const panel = useRef<HTMLDivElement>(null);
  const id = useId().replace(/[^\w-]/g, '');
  useFocusTrap(panel, open, { onEscape: onClose, initialFocus });
  if (!open || typeof document === 'undefined') return null;

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center">
      <div className="fixed inset-0 bg-slate-900/60 backdrop-blur-[1px]" aria-hidden="true" onClick={closeOnBackdrop ? onClose : undefined} />
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role (dialog or alertdialog) comes from a prop */}
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={description ? `${id}-description` : undefined}
        tabIndex={-1}
        className={cx('relative w-full overflow-hidden rounded-xl bg-white shadow-xl ring-1 ring-slate-900/5 focus:outline-none dark:bg-slate-900 dark:ring-white/10', widths[size])}
      >
        <div className="px-5 pt-5 pb-4 sm:px-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900 dark:text-white">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              className="-m-1.5 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-700 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
            >
              <Icon icon={xIcon} className="size-5" />
              <span className="sr-only">{t('common.actions.close')}</span>
            </button>
          </div>
          {description ? (
            <div id={`${id}-description`} className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              {description}
            </div>
          ) : null}
          {children ? <div className="mt-4">{children}</div> : null}
        </div>
        {footer ? (
          <div className="flex flex-col-reverse gap-2 border-t border-slate-200 bg-slate-50 px-5 py-3 sm:flex-row sm:justify-end sm:px-6 dark:border-slate-700 dark:bg-slate-800/50">{footer}</div>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}

export default Modal;
