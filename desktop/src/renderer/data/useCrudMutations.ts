/**
 * Save (create or update, depending on whether an item is held) and confirmed delete: the same two
 * actions on every content screen, with SPEC's confirmation text and failure fallbacks per screen.
 * Updates and deletions carry the revision the editor saw, so someone else's edit made meanwhile is
 * never silently overwritten. A creation carries a client id (sync.ts), and an item still waiting to
 * be created can be edited and deleted too: the change names it by that id (offline/waiting.ts).
 */
import { changeOf, type AdminCrudRoutes } from '@npo/shared';
import { onWaitingItem } from '../offline/waiting';
import { useConfirm } from '../ui/ConfirmProvider';
import { describeItem, type Revisioned } from './describe-item';
import { useAdminMutation } from './useAdminMutation';

export interface CrudOptions<Input> {
  /** The create, update and delete of the route table's group: ROUTES.membershipCards.admin and so on. */
  operations: Pick<AdminCrudRoutes<Input>, 'create' | 'update' | 'remove'>;
  /** "Membership card": toasts say "Membership card created/updated/deleted". */
  noun: string;
  deleteConfirm: string;
  saveFailure: string;
  deleteFailure: string;
  /** Replaces "<noun> created" when creating does more (e.g. sends an invitation). */
  createdMessage?: (input: Input) => string;
}

export function useCrudMutations<Input>(options: CrudOptions<Input>) {
  const { operations, noun, createdMessage } = options;
  const confirm = useConfirm();
  const save = useAdminMutation<{ item?: Revisioned; input: Input }>({
    change: ({ item, input }) => {
      const created = `New ${noun.toLowerCase()} ${describeItem(input)}`;
      if (!item) return { ...changeOf(operations.create, { body: input }), label: created, creates: true };
      const edit = {
        ...changeOf(operations.update, { params: { id: item.id }, body: input, revision: item.revision }),
        label: `Edit ${noun.toLowerCase()} ${describeItem(input)}`,
      };
      return onWaitingItem(edit, item, created);
    },
    success: (_result, { item, input }) =>
      item ? `${noun} updated` : createdMessage ? createdMessage(input) : `${noun} created`,
    failure: options.saveFailure,
  });
  const remove = useAdminMutation<Revisioned>({
    change: (item) =>
      onWaitingItem(
        {
          ...changeOf(operations.remove, { params: { id: item.id }, revision: item.revision }),
          label: `Delete ${noun.toLowerCase()} ${describeItem(item)}`,
        },
        item,
      ),
    success: `${noun} deleted`,
    failure: options.deleteFailure,
  });
  return {
    /** Resolves once the list is refetched; rejects (after the toast) so a form can stay open. */
    save: (input: Input, item?: Revisioned) => save.mutateAsync({ item, input }),
    /** Asks SPEC's question first; nothing happens on Cancel. */
    confirmDelete: async (item: Revisioned) => {
      if (await confirm({ message: options.deleteConfirm })) remove.mutate(item);
    },
    deletingId: remove.isPending ? remove.variables?.id : undefined,
  };
}
