/** Light or dark console: Blueprint's dark class on the document root, remembered by the platform. */
import { Classes } from '@blueprintjs/core';
import { useCallback, useSyncExternalStore } from 'react';
import { platform } from '../platform';

export type Theme = 'light' | 'dark';
const THEME_KEY = 'admin-theme';

function initialTheme(): Theme {
  const stored = platform.storage.get(THEME_KEY);
  if (stored === 'light' || stored === 'dark') return stored;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

let theme: Theme = initialTheme();
const listeners = new Set<() => void>();

/** Called before the first render too, so a dark console never flashes white. */
export function applyTheme(next: Theme = theme): void {
  theme = next;
  const root = document.documentElement;
  root.classList.toggle(Classes.DARK, next === 'dark');
  root.style.colorScheme = next;
  listeners.forEach((listener) => listener());
}

export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => theme,
  );
  const toggleTheme = useCallback(() => {
    const next = theme === 'dark' ? 'light' : 'dark';
    platform.storage.set(THEME_KEY, next);
    applyTheme(next);
  }, []);
  return { theme: current, toggleTheme };
}
