import { Button } from '@blueprintjs/core';
import { useTheme } from '../theme/theme';

export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <Button
      variant="minimal"
      icon={theme === 'dark' ? 'flash' : 'moon'}
      aria-label={label}
      title={label}
      onClick={toggleTheme}
    />
  );
}
