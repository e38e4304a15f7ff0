import { Link } from '@inertiajs/react';
import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './cx';
import { Icon, type IconGlyph } from './Icon';
import { checkIcon } from './icons/check';
import { chevronDownIcon } from './icons/chevron-down';

interface MenuContext {
  close: (restoreFocus?: boolean) => void;
}
const Context = createContext<MenuContext>({ close: () => {} });

export interface DropdownProps {
  /** Content of the trigger button. */
  label: ReactNode;
  /** Accessible name of the trigger when `label` is not text (an avatar …). */
  ariaLabel?: string;
  /** Menu items: DropdownLink, DropdownButton, DropdownSeparator, DropdownHeader. */
  children: ReactNode;
  align?: 'left' | 'right';
  /** Width class of the menu (default w-56). */
  width?: string;
  buttonClassName?: string;
  className?: string;
  /** Show a chevron after the label (default true). */
  chevron?: boolean;
}

/**
 * A menu button (WAI-ARIA menu pattern): click/Enter/Space/ArrowDown open and focus the first item,
 * ArrowUp the last; arrows, Home and End move; Escape closes and returns focus; Tab closes.
 */
export function Dropdown({ label, ariaLabel, children, align = 'right', width = 'w-56', buttonClassName, className, chevron = true }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<'first' | 'last' | null>(null);
  const id = useId().replace(/[^\w-]/g, '');

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? []);
  const focusItem = (which: 'first' | 'last' | number) => {
    const list = items();
    if (!list.length) return;
    const index = which === 'first' ? 0 : which === 'last' ? list.length - 1 : (which + list.length) % list.length;
    list[index].focus();
  };

  const close = useCallback((restoreFocus = true) => {
    setOpen(false);
    if (restoreFocus) button.current?.focus();
  }, []);

  const openWith = (which: 'first' | 'last') => {
    pendingFocus.current = which;
    setOpen(true);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the menu opens or closes; focusItem is a fresh closure each render and reads refs only
  useEffect(() => {
    if (!open) return;
    if (pendingFocus.current) {
      focusItem(pendingFocus.current);
      pendingFocus.current = null;
    }
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // Enter and Space arrive as a click.
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openWith('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openWith('last');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const current = list.indexOf(document.activeElement as HTMLElement);
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusItem(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusItem(current < 0 ? -1 : current - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusItem('first');
        break;
      case 'End':
        event.preventDefault();
        focusItem('last');
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close();
        break;
      case 'Tab':
        setOpen(false);
        break;
      default:
        // Type-ahead: jump to the next item starting with the typed letter.
        if (event.key.length === 1 && /\S/.test(event.key)) {
          const letter = event.key.toLowerCase();
          const order = [...list.slice(current + 1), ...list.slice(0, current + 1)];
          order.find((el) => el.textContent?.trim().toLowerCase().startsWith(letter))?.focus();
        }
    }
  };

  return (
    <div ref={root} className={cx('relative inline-block text-left', className)}>
      <button
        ref={button}
        type="button"
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-label={ariaLabel}
        onClick={() => (open ? setOpen(false) : openWith('first'))}
        onKeyDown={onButtonKeyDown}
        className={cx(
          'inline-flex items-center gap-2 rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 dark:text-slate-200 dark:hover:bg-slate-800',
          buttonClassName,
        )}
      >
        {label}
        {chevron ? <Icon icon={chevronDownIcon} className={cx('size-4 text-slate-400 transition-transform', open && 'rotate-180')} /> : null}
      </button>
      {open ? (
        <Context.Provider value={{ close }}>
          <div
            ref={menu}
            id={`${id}-menu`}
            role="menu"
            aria-labelledby={`${id}-button`}
            onKeyDown={onMenuKeyDown}
            className={cx(
              'absolute z-40 mt-2 max-h-[70vh] overflow-y-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg ring-1 ring-slate-900/5 focus:outline-none',
              'dark:border-slate-700 dark:bg-slate-900 dark:ring-white/10',
              align === 'right' ? 'right-0 origin-top-right' : 'left-0 origin-top-left',
              width,
              'max-w-[calc(100vw-1.5rem)]',
            )}
          >
            {children}
          </div>
        </Context.Provider>
      ) : null}
    </div>
  );
}

const itemClass =
  'flex w-full items-center gap-2.5 px-3.5 py-2 text-left text-sm text-slate-700 outline-none hover:bg-slate-100 focus:bg-slate-100 focus-visible:outline-none dark:text-slate-200 dark:hover:bg-slate-800 dark:focus:bg-slate-800';

interface ItemCommon {
  children: ReactNode;
  icon?: IconGlyph;
  /** Marks the current choice (a check and aria-checked semantics via aria-current). */
  current?: boolean;
  /** Let a long label wrap instead of cutting it ("Northwind Gov…"). */
  wrap?: boolean;
  className?: string;
}

export interface DropdownLinkProps extends ItemCommon {
  href: string;
  method?: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** A plain <a> (leaves the SPA, e.g. downloads). */
  external?: boolean;
}

export function DropdownLink({ href, method = 'get', external, children, icon, current, className }: DropdownLinkProps) {
  const { close } = useContext(Context);
  const content = (
    <>
      {icon ? <Icon icon={icon} className="size-4 text-slate-400" /> : null}
      <span className="min-w-0 flex-1 truncate">{children}</span>
      {current ? <Icon icon={checkIcon} className="size-4 text-brand-600 dark:text-brand-300" /> : null}
    </>
  );
  if (external) {
    return (
      <a role="menuitem" tabIndex={-1} href={href} className={cx(itemClass, className)} onClick={() => close(false)} aria-current={current || undefined}>
        {content}
      </a>
    );
  }
  return (
    <Link
      role="menuitem"
      tabIndex={-1}
      href={href}
      method={method}
      as={method === 'get' ? 'a' : 'button'}
      className={cx(itemClass, className)}
      onClick={() => close(false)}
      aria-current={current || undefined}
    >
      {content}
    </Link>
  );
}

export interface DropdownButtonProps extends ItemCommon {
  onClick: () => void;
  disabled?: boolean;
}

export function DropdownButton({ onClick, disabled, children, icon, current, wrap, className }: DropdownButtonProps) {
  const { close } = useContext(Context);
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      aria-disabled={disabled || undefined}
      aria-current={current || undefined}
      onClick={() => {
        if (disabled) return;
        close(false);
        onClick();
      }}
      className={cx(itemClass, disabled && 'cursor-not-allowed opacity-50', className)}
    >
      {icon ? <Icon icon={icon} className="size-4 text-slate-400" /> : null}
      <span className={cx('min-w-0 flex-1', wrap ? 'break-words' : 'truncate')}>{children}</span>
      {current ? <Icon icon={checkIcon} className="size-4 text-brand-600 dark:text-brand-300" /> : null}
    </button>
  );
}

export function DropdownSeparator() {
  return <div role="separator" className="my-1 border-t border-slate-200 dark:border-slate-700" />;
}

/** Non-interactive text at the top of a menu (signed-in name, a group title). */
export function DropdownHeader({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div role="presentation" className={cx('px-3.5 py-2 text-xs text-slate-500 dark:text-slate-400', className)}>
      {children}
    </div>
  );
}

export default Dropdown;
