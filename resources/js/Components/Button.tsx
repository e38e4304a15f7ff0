import { Link, type InertiaLinkProps } from '@inertiajs/react';
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from './cx';
import { Icon, type IconGlyph } from './Icon';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface CommonProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, sets aria-busy and disables the button while a request runs. */
  processing?: boolean;
  /** Icon shown before the label (replaced by the spinner while processing). */
  icon?: IconGlyph;
  /** Stretch to the container's width. */
  block?: boolean;
  className?: string;
  children?: ReactNode;
}

export type ButtonAsButtonProps = CommonProps & Omit<ButtonHTMLAttributes<HTMLButtonElement>, keyof CommonProps> & { href?: undefined; ref?: Ref<HTMLButtonElement> };
/** With `href` the button is an Inertia <Link> (pass `method="post"` etc. for non-GET visits). */
export type ButtonAsLinkProps = CommonProps & Omit<InertiaLinkProps, keyof CommonProps | 'href'> & { href: string };
export type ButtonProps = ButtonAsButtonProps | ButtonAsLinkProps;

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap transition-colors select-none ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-400 text-slate-900 shadow-sm hover:bg-brand-300 active:bg-brand-500 focus-visible:outline-brand-500',
  secondary:
    'border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 active:bg-slate-100 ' +
    'dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700 dark:active:bg-slate-600',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-500 active:bg-red-700 focus-visible:outline-red-600 dark:bg-red-600 dark:hover:bg-red-500',
  ghost: 'text-slate-700 hover:bg-slate-100 active:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-800 dark:active:bg-slate-700',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
};

export function buttonClasses({ variant = 'primary', size = 'md', block, className }: Pick<CommonProps, 'variant' | 'size' | 'block' | 'className'> = {}) {
  return cx(base, variants[variant], sizes[size], block && 'w-full', className);
}

export function Button(props: ButtonProps) {
  const { variant, size, processing = false, icon, block, className, children, ...rest } = props;
  const classes = buttonClasses({ variant, size, block, className });
  const content = (
    <>
      {processing ? <Spinner className={size === 'lg' ? 'size-5' : 'size-4'} /> : icon ? <Icon icon={icon} className={size === 'lg' ? 'size-5' : 'size-4'} /> : null}
      {children}
    </>
  );

  if (typeof props.href === 'string') {
    const linkProps = rest as Omit<ButtonAsLinkProps, keyof CommonProps>;
    return (
      <Link {...linkProps} className={classes} aria-busy={processing || undefined} aria-disabled={processing || undefined}>
        {content}
      </Link>
    );
  }

  const { type = 'button', disabled, ...buttonProps } = rest as Omit<ButtonAsButtonProps, keyof CommonProps>;
  return (
    <button {...buttonProps} type={type} disabled={disabled || processing} aria-busy={processing || undefined} className={classes}>
      {content}
    </button>
  );
}

export default Button;
