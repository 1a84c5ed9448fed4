/**
 * Open/closed state of a module's form: create mode when no item is held, edit mode with one.
 * Each opening gets a new key so the form starts from the item (or blank), which is how Cancel resets it.
 */
import { useCallback, useState } from 'react';

export interface FormDialogState<Item> {
  isOpen: boolean;
  /** The item being edited; undefined in create mode. Kept while closing so the dialog does not flicker. */
  item: Item | undefined;
  key: number;
  openCreate: () => void;
  openEdit: (item: Item) => void;
  close: () => void;
}

export function useFormDialog<Item>(): FormDialogState<Item> {
  const [state, setState] = useState<{ isOpen: boolean; item: Item | undefined; key: number }>({
    isOpen: false,
    item: undefined,
    key: 0,
  });
  const openCreate = useCallback(() => setState((s) => ({ isOpen: true, item: undefined, key: s.key + 1 })), []);
  const openEdit = useCallback((item: Item) => setState((s) => ({ isOpen: true, item, key: s.key + 1 })), []);
  const close = useCallback(() => setState((s) => ({ ...s, isOpen: false })), []);
  return { ...state, openCreate, openEdit, close };
}
