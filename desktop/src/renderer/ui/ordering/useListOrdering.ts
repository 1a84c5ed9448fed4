/**
 * A list staff put in public order (FAQs, membership cards): the reorder sends the full list of ids
 * in the new order (DESIGN). The list moves at once on screen and goes back if the server refuses.
 * Like every change it goes through the outbox: offline, or behind earlier waiting changes, it waits
 * and keeps its order on screen. Rows move by dragging or, from the keyboard, with Move up / Move
 * down; a live region says where an item went.
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { describeError } from '../../api/errors';
import { isWaitingOutcome, notifyWaiting } from '../../data/useAdminMutation';
import type { Change } from '../../offline/outbox';
import { submitChange } from '../../offline/sync';
import { notifyFailure } from '../toaster';
import { moveItem } from './move-item';

export type MoveDirection = 'up' | 'down';

interface Ordered {
  id: number;
  order: number;
  revision: number;
}

export interface OrderingOptions<Item extends Ordered> {
  /** The cache entry the screen shows: it moves at once. */
  queryKey: QueryKey;
  /** Where the list sits in that entry's answer: 'faqs', 'cards'. */
  collection: string;
  /** The queued change that sends the new order. */
  change: (ordered: Item[]) => Change;
  /** The item as the announcement names it: its question, its title. */
  nameOf: (item: Item) => string;
  failure: string;
}

function useReorderMutation<Item extends Ordered>(options: OrderingOptions<Item>) {
  const queryClient = useQueryClient();
  const { queryKey, collection } = options;
  type Answer = Record<string, unknown>;
  return useMutation({
    // Moves made in quick succession reach the server one after the other, in the order they were made.
    scope: { id: `${collection}-reorder` },
    // The outbox decides when it goes: TanStack Query must not hold it back itself.
    networkMode: 'always',
    mutationFn: (ordered: Item[]) => submitChange<unknown>(options.change(ordered)),
    onMutate: async (ordered: Item[]) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<Answer>(queryKey);
      if (previous) {
        queryClient.setQueryData<Answer>(queryKey, {
          ...previous,
          [collection]: ordered.map((item, index) => ({ ...item, order: index })),
        });
      }
      return { previous };
    },
    onError: async (error, _ordered, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      notifyFailure(describeError(error, options.failure));
      await queryClient.invalidateQueries({ queryKey });
    },
    onSuccess: async (outcome) => {
      // Waiting: the list keeps the new order (the outbox shows it again after a restart).
      if (isWaitingOutcome(outcome)) return notifyWaiting(outcome);
      // The server answers the list with the revisions the reorder raised: an edit opened before the
      // refetch lands must not carry the old one (its own reorder would read as someone else's change).
      const answered = (outcome as Answer | null)?.[collection];
      if (Array.isArray(answered)) {
        queryClient.setQueryData<Answer>(queryKey, (previous) =>
          previous ? { ...previous, [collection]: answered } : previous,
        );
      }
      await queryClient.invalidateQueries({ queryKey });
    },
  });
}

export function useListOrdering<Item extends Ordered>(items: Item[], options: OrderingOptions<Item>) {
  const reorder = useReorderMutation(options);
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // Moving a row in the DOM takes the focus off its button: once the list shows the new order, put
  // focus back on the button that moved it (or its twin when it reached an end of the list).
  const [refocus, setRefocus] = useState<{ id: number; direction: MoveDirection; to: number } | null>(null);

  useEffect(() => {
    if (!refocus || !listRef.current || items[refocus.to]?.id !== refocus.id) return;
    const button = (direction: MoveDirection) =>
      listRef.current?.querySelector<HTMLElement>(`[data-move="${refocus.id}-${direction}"]:not([disabled])`);
    (button(refocus.direction) ?? button(refocus.direction === 'up' ? 'down' : 'up'))?.focus();
    setRefocus(null);
  }, [refocus, items]);

  function move(from: number, to: number): void {
    const moved = items[from];
    if (!moved || to < 0 || to >= items.length || from === to) return;
    reorder.mutate(moveItem(items, from, to));
    setAnnouncement(`"${options.nameOf(moved)}" moved to position ${to + 1} of ${items.length}`);
  }

  function moveByKeyboard(index: number, direction: MoveDirection): void {
    const to = direction === 'up' ? index - 1 : index + 1;
    const item = items[index];
    move(index, to);
    if (item) setRefocus({ id: item.id, direction, to });
  }

  function endDrag(): void {
    setDragged(null);
    setDropTarget(null);
  }

  /** Props of the list item at `index`: it can be dragged, and dropped on. */
  function dragProps(index: number) {
    return {
      onDragStart: (event: DragEvent) => {
        event.dataTransfer.effectAllowed = 'move';
        setDragged(index);
      },
      onDragOver: (event: DragEvent) => {
        if (dragged === null) return;
        event.preventDefault();
        setDropTarget(index);
      },
      onDragEnd: endDrag,
      onDrop: (event: DragEvent) => {
        event.preventDefault();
        if (dragged !== null) move(dragged, index);
        endDrag();
      },
    };
  }

  return { listRef, announcement, moveByKeyboard, dragProps, dragged, dropTarget };
}
