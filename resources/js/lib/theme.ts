/** docs/seed-spec.md §4: light by default, dark on choice, no system detection, class on <html>, localStorage `theme`. */
export type Theme = 'light' | 'dark';
export const THEME_KEY = 'theme';

export function currentTheme(): Theme {
  try {
    return localStorage.getItem(THEME_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  window.dispatchEvent(new CustomEvent('theme-change', { detail: theme }));
}
