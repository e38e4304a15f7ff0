import { cx } from './cx';

export interface AvatarProps {
  name: string;
  size?: 'xs' | 'sm' | 'md' | 'lg';
  /** Hide from assistive technology when the name is printed next to it (default true). */
  decorative?: boolean;
  className?: string;
}

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '?';
  const first = words[0][0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1][0] ?? '') : '';
  return (first + last).toUpperCase();
}

const sizes = { xs: 'size-6 text-[10px]', sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-14 text-lg' };
const palettes = [
  'bg-brand-100 text-brand-800 dark:bg-brand-400/20 dark:text-brand-200',
  'bg-sky-100 text-sky-800 dark:bg-sky-400/20 dark:text-sky-200',
  'bg-emerald-100 text-emerald-800 dark:bg-emerald-400/20 dark:text-emerald-200',
  'bg-violet-100 text-violet-800 dark:bg-violet-400/20 dark:text-violet-200',
  'bg-rose-100 text-rose-800 dark:bg-rose-400/20 dark:text-rose-200',
  'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
];

function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0;
  return Math.abs(h);
}

export function Avatar({ name, size = 'sm', decorative = true, className }: AvatarProps) {
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: role="img" is set with the label (decorative avatars have neither)
    <span
      className={cx('inline-flex shrink-0 items-center justify-center rounded-full font-semibold select-none', sizes[size], palettes[hash(name) % palettes.length], className)}
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative ? true : undefined}
    >
      {/* Decorative initials are drawn, not written: as text they would count as a control's
          visible label ("AL Ann Lee") and no longer match its name (WCAG 2.5.3). */}
      {decorative ? <span className="before:content-[attr(data-initials)]" data-initials={initials(name)} /> : initials(name)}
    </span>
  );
}

export default Avatar;
