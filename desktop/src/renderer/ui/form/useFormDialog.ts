/**
 * Open/closed state of a module's form: create mode when no item is held, edit mode with one.
 * Create mode may start from a copy of an item (`prefill`), e.g. a new version drafted from an old one.
 * Each opening gets a new key so the form starts from the item (or blank), which is how Cancel resets it.
 */
import { useCallback, useState } from 'react';

export interface FormDialogState<Item> {
  isOpen: boolean;
  /** The item being edited; undefined in create mode. Kept while closing so the dialog does not flicker. */
  item: Item | undefined;
  /** Create mode only: the item whose values the new one starts from. */
  prefill: Item | undefined;
  key: number;
  openCreate: () => void;
  /** Create mode, the form filled with a copy of `source` (saving creates a new item). */
  openCreateFrom: (source: Item | undefined) => void;
  openEdit: (item: Item) => void;
  close: () => void;
}

export function useFormDialog<Item>(): FormDialogState<Item> {
  const [state, setState] = useState<{
    isOpen: boolean;
    item: Item | undefined;
    prefill: Item | undefined;
    key: number;
  }>({ isOpen: false, item: undefined, prefill: undefined, key: 0 });
  const openCreateFrom = useCallback(
    (source: Item | undefined) => setState((s) => ({ isOpen: true, item: undefined, prefill: source, key: s.key + 1 })),
    [],
  );
  const openCreate = useCallback(() => openCreateFrom(undefined), [openCreateFrom]);
  const openEdit = useCallback(
    (item: Item) => setState((s) => ({ isOpen: true, item, prefill: undefined, key: s.key + 1 })),
    [],
  );
  const close = useCallback(() => setState((s) => ({ ...s, isOpen: false })), []);
  return { ...state, openCreate, openCreateFrom, openEdit, close };
}
