/**
 * Reordering sends the full list of ids in the new order (DESIGN: PUT /api/admin/faqs/reorder).
 * The list moves at once on screen and goes back if the server refuses. Like every change it goes
 * through the outbox: offline, or behind earlier waiting changes, it waits and keeps its order on screen. Rows move by dragging or,
 * from the keyboard, with Move up / Move down; a live region says where a question went.
 */
import { API, changeOf, type Faq, type Page } from '@npo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { describeError } from '../../api/errors';
import { queryKeys } from '../../api/query-keys';
import { QUEUED_MESSAGE, UNSAVED_MESSAGE } from '../../data/useAdminMutation';
import { QUEUED, QUEUED_UNSAVED, submitChange } from '../../offline/sync';
import { notifyFailure, notifySuccess } from '../../ui/toaster';
import { moveItem } from './move-item';
import type { Change } from '../../offline/outbox';
import { isWaitingToSync } from '../../offline/optimistic';

type FaqPage = Page<'faqs', Faq>;
export type MoveDirection = 'up' | 'down';

function useReorderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    // Moves made in quick succession reach the server one after the other, in the order they were made.
    scope: { id: 'faq-reorder' },
    // The outbox decides when it goes: TanStack Query must not hold it back itself.
    networkMode: 'always',
    mutationFn: (ordered: Faq[]) => submitChange<unknown>(faqOrderChange(ordered)),
    onMutate: async (ordered: Faq[]) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.faqs });
      const previous = queryClient.getQueryData<FaqPage>(queryKeys.faqs);
      if (previous) {
        queryClient.setQueryData<FaqPage>(queryKeys.faqs, {
          ...previous,
          faqs: ordered.map((faq, index) => ({ ...faq, order: index })),
        });
      }
      return { previous };
    },
    onError: async (error, _ordered, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.faqs, context.previous);
      notifyFailure(describeError(error, 'Failed to reorder FAQs'));
      await queryClient.invalidateQueries({ queryKey: queryKeys.faqs });
    },
    onSuccess: async (outcome) => {
      // Waiting: the list keeps the new order (the outbox shows it again after a restart).
      if (outcome === QUEUED) return notifySuccess(QUEUED_MESSAGE);
      if (outcome === QUEUED_UNSAVED) return notifyFailure([UNSAVED_MESSAGE]);
      await queryClient.invalidateQueries({ queryKey: queryKeys.faqs });
    },
  });
}

export function faqOrderChange(ordered: Faq[]): Change {
  return {
    ...changeOf(API.faqs.reorder, {
      // A question still waiting to be created has no id on the server yet: it takes its place once it has.
      body: { ids: ordered.filter((faq) => !isWaitingToSync(faq)).map((faq) => faq.id) },
    }),
    label: 'Reorder FAQs',
    invalidates: [queryKeys.faqs],
  };
}

export function useFaqOrdering(faqs: Faq[]) {
  const reorder = useReorderMutation();
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // Moving a row in the DOM takes the focus off its button: once the list shows the new order, put
  // focus back on the button that moved it (or its twin when it reached an end of the list).
  const [refocus, setRefocus] = useState<{ id: number; direction: MoveDirection; to: number } | null>(null);

  useEffect(() => {
    if (!refocus || !listRef.current || faqs[refocus.to]?.id !== refocus.id) return;
    const button = (direction: MoveDirection) =>
      listRef.current?.querySelector<HTMLElement>(`[data-move="${refocus.id}-${direction}"]:not([disabled])`);
    (button(refocus.direction) ?? button(refocus.direction === 'up' ? 'down' : 'up'))?.focus();
    setRefocus(null);
  }, [refocus, faqs]);

  function move(from: number, to: number): void {
    const moved = faqs[from];
    if (!moved || to < 0 || to >= faqs.length || from === to) return;
    reorder.mutate(moveItem(faqs, from, to));
    setAnnouncement(`"${moved.question}" moved to position ${to + 1} of ${faqs.length}`);
  }

  function moveByKeyboard(index: number, direction: MoveDirection): void {
    const to = direction === 'up' ? index - 1 : index + 1;
    const faq = faqs[index];
    move(index, to);
    if (faq) setRefocus({ id: faq.id, direction, to });
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
