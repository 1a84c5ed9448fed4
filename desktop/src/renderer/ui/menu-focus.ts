/**
 * The menu button pattern's keys: Arrow Down and Up move to the next and previous entry (wrapping),
 * Home and End to the first and last. Answers whether the key was one of them (the caller then
 * prevents its default).
 */
export function moveMenuFocus(key: string, entries: readonly HTMLElement[]): boolean {
  const current = entries.indexOf(document.activeElement as HTMLElement);
  const focusAt = (index: number) => entries[(index + entries.length) % entries.length]?.focus();
  if (key === 'ArrowDown') focusAt(current + 1);
  else if (key === 'ArrowUp') focusAt(current - 1);
  else if (key === 'Home') focusAt(0);
  else if (key === 'End') focusAt(entries.length - 1);
  else return false;
  return true;
}
