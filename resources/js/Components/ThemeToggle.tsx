import { useTheme } from '@/hooks/useTheme';
import { cx } from './cx';
import { Icon } from './Icon';
import { moonIcon } from './icons/moon';
import { sunIcon } from './icons/sun';
import { useT } from '@/i18n';

export interface ThemeToggleProps {
  className?: string;
  /** Show "Dark theme"/"Light theme" text beside the icon. */
  showLabel?: boolean;
}

/** Light ⇄ dark; the choice is stored in localStorage (`theme`) by lib/theme. */
export function ThemeToggle({ className, showLabel }: ThemeToggleProps) {
  const [theme, setTheme] = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  const t = useT();
  const label = t('common.theme.switch', { theme: next });
  return (
    <button
      type="button"
      data-requires-js
      onClick={() => setTheme(next)}
      aria-label={showLabel ? undefined : label}
      title={label}
      className={cx(
        'inline-flex items-center gap-2 rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2',
        'dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
        className,
      )}
    >
      <Icon icon={theme === 'dark' ? sunIcon : moonIcon} className="size-5" />
      {showLabel ? <span className="text-sm font-medium">{label}</span> : null}
    </button>
  );
}

export default ThemeToggle;
