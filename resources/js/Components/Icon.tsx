import type { SVGProps } from 'react';
import { cx } from './cx';

declare const glyph: unique symbol;

/**
 * An outline icon drawn for Boardly (24×24, stroke 1.5): the `d` of its path. Each icon is its own
 * module under `icons/` (`import { checkIcon } from '@/Components/icons/check'`), so a page's
 * chunks hold only the icons it draws (ADR 0013); the brand keeps a plain string out of `icon`.
 */
export type IconGlyph = string & { readonly [glyph]: true };

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  icon: IconGlyph;
  /** Accessible name; without it the icon is decorative (aria-hidden). */
  title?: string;
}

export function Icon({ icon, title, className, ...props }: IconProps) {
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: the icon has a <title> when it says something and is aria-hidden otherwise
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={cx('size-5 shrink-0', className)}
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      focusable="false"
      {...props}
    >
      {title ? <title>{title}</title> : null}
      <path d={icon} />
    </svg>
  );
}

export default Icon;
