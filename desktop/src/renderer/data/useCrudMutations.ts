/**
 * Save (create or update, depending on whether an id is held) and confirmed delete: the same two
 * actions on every content screen, with SPEC's confirmation text and failure fallbacks per screen.
 */
import type { QueryKey } from '@tanstack/react-query';
import { useConfirm } from '../ui/ConfirmProvider';
import { useAdminMutation } from './useAdminMutation';

export interface CrudClient<Item, Input> {
  create: (input: Input) => Promise<Item>;
  update: (id: number, input: Input) => Promise<Item>;
  remove: (id: number) => Promise<unknown>;
}

export interface CrudOptions<Item, Input> {
  client: CrudClient<Item, Input>;
  queryKey: QueryKey;
  /** "Membership card": toasts say "Membership card created/updated/deleted". */
  noun: string;
  deleteConfirm: string;
  saveFailure: string;
  deleteFailure: string;
  /** Other queries a change affects (beyond the list and the dashboard). */
  alsoInvalidates?: readonly QueryKey[];
  /** Replaces "<noun> created" when creating does more (e.g. sends an invitation). */
  createdMessage?: (input: Input) => string;
}

export function useCrudMutations<Item, Input>(options: CrudOptions<Item, Input>) {
  const { client, noun, createdMessage } = options;
  const confirm = useConfirm();
  const invalidates = [options.queryKey, ...(options.alsoInvalidates ?? [])];
  const save = useAdminMutation<{ id?: number; input: Input }, Item>({
    mutationFn: ({ id, input }) => (id === undefined ? client.create(input) : client.update(id, input)),
    invalidates,
    success: (_result, { id, input }) =>
      id !== undefined ? `${noun} updated` : createdMessage ? createdMessage(input) : `${noun} created`,
    failure: options.saveFailure,
  });
  const remove = useAdminMutation<number>({
    mutationFn: client.remove,
    invalidates,
    success: `${noun} deleted`,
    failure: options.deleteFailure,
  });
  return {
    /** Resolves once the list is refetched; rejects (after the toast) so a form can stay open. */
    save: (input: Input, id?: number) => save.mutateAsync({ id, input }),
    /** Asks SPEC's question first; nothing happens on Cancel. */
    confirmDelete: async (id: number) => {
      if (await confirm({ message: options.deleteConfirm })) remove.mutate(id);
    },
    deletingId: remove.isPending ? remove.variables : undefined,
  };
}
