import { useCallback, useEffect, useState } from 'react';
import { applyTheme, currentTheme, type Theme } from '@/lib/theme';

export function useTheme(): [Theme, (theme: Theme) => void] {
  const [theme, setTheme] = useState<Theme>(() => (typeof window === 'undefined' ? 'light' : currentTheme()));
  useEffect(() => {
    const onChange = (e: Event) => setTheme((e as CustomEvent<Theme>).detail);
    window.addEventListener('theme-change', onChange);
    return () => window.removeEventListener('theme-change', onChange);
  }, []);
  const set = useCallback((next: Theme) => applyTheme(next), []);
  return [theme, set];
}
