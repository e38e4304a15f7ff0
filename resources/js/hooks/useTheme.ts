import { useCallback, useSyncExternalStore } from 'react';
import { applyTheme, currentTheme, type Theme } from '@/lib/theme';

const subscribe = (onChange: () => void) => {
  window.addEventListener('theme-change', onChange);
  return () => window.removeEventListener('theme-change', onChange);
};

/**
 * The stored theme. A page rendered on the server was drawn light (the server cannot read the
 * browser's storage; the root view's script sets the class before paint): hydration starts from
 * that and React re-renders with the stored choice at once, without a mismatch.
 */
export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, currentTheme, () => 'light' as const);
  const set = useCallback((next: Theme) => applyTheme(next), []);
  return [theme, set];
}
