/**
 * A change kept for later shows in the cached lists at once (an edit replaces the item's fields, a
 * deletion removes it, a creation appears marked "Waiting to sync"), so what the staff member sees
 * matches what they did. The lists are refetched
 * from the server once the change is sent.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Change } from './outbox';

type Item = { id: number } & Record<string, unknown>;

function isItemList(value: unknown): value is Item[] {
  return Array.isArray(value) && value.every((item) => typeof (item as Item | null)?.id === 'number');
}

/** Applies `patch` (null: remove) to the item `id` in every list of a `{ <collection>: [...] }` answer. */
export function patchListAnswer(data: unknown, id: number, patch: Record<string, unknown> | null): unknown {
  if (!data || typeof data !== 'object') return data;
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => {
      if (!isItemList(value)) return [key, value];
      const items =
        patch === null
          ? value.filter((item) => item.id !== id)
          : value.map((item) => (item.id === id ? { ...item, ...patch } : item));
      return [key, items];
    }),
  );
}

/** Marks an item shown from the outbox, not yet on the server: no id of its own, no actions. */
export const WAITING_TO_SYNC = 'waitingToSync';

export function isWaitingToSync(item: unknown): boolean {
  return (item as Record<string, unknown> | null)?.[WAITING_TO_SYNC] === true;
}

/** Placeholder ids are negative, so they never meet a server id (and any request with one is refused). */
let placeholderIds = 0;

/** Adds a creation waiting in the outbox to the lists of the first page (or an unpaged answer). */
export function addToListAnswer(data: unknown, item: Record<string, unknown>): unknown {
  if (!data || typeof data !== 'object') return data;
  const page = (data as { pagination?: { page?: unknown } }).pagination?.page;
  if (page !== undefined && page !== 1) return data;
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [key, isItemList(value) ? [item, ...value] : value]),
  );
}

/** Puts the items of every list of the answer in the order of `ids` (a reorder), unknown ones last. */
export function reorderListAnswer(data: unknown, ids: readonly number[]): unknown {
  if (!data || typeof data !== 'object') return data;
  const rank = new Map(ids.map((id, index) => [id, index]));
  const position = (item: Item) => rank.get(item.id) ?? ids.length;
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      isItemList(value)
        ? [...value]
            .sort((a, b) => position(a) - position(b))
            .map((item, index) => ('order' in item ? { ...item, order: index } : item))
        : value,
    ]),
  );
}

function reorderIds(change: Change): number[] | null {
  if (change.method !== 'PUT' || !/^\/admin\/[a-z-]+\/reorder$/.test(change.path)) return null;
  const ids = (change.body as { ids?: unknown } | undefined)?.ids;
  return Array.isArray(ids) && ids.every((id) => typeof id === 'number') ? ids : null;
}

/** Item edits and deletions (PUT or DELETE on /admin/<list>/<id>) and reorders have an obvious effect to show. */
export function applyOptimistically(queryClient: QueryClient, change: Change): void {
  // Only the lists whose cards know how to show an item without its server fields.
  const created =
    change.method === 'POST' && /^\/admin\/(testimonials|faqs|membership-cards|activities|users)$/.test(change.path);
  const listKey = change.invalidates[0];
  if (created && listKey && change.body && typeof change.body === 'object') {
    placeholderIds -= 1;
    const item = { ...(change.body as Record<string, unknown>), id: placeholderIds, [WAITING_TO_SYNC]: true };
    // Only the list the item belongs to (the first key), not the dashboard's summaries.
    queryClient.setQueriesData({ queryKey: listKey }, (data: unknown) => addToListAnswer(data, item));
    return;
  }
  const ids = reorderIds(change);
  if (ids) {
    for (const queryKey of change.invalidates) {
      queryClient.setQueriesData({ queryKey }, (data: unknown) => reorderListAnswer(data, ids));
    }
    return;
  }
  const id = Number(change.path.match(/^\/admin\/[a-z-]+\/(\d+)$/)?.[1]);
  if (!Number.isInteger(id)) return;
  let patch: Record<string, unknown> | null;
  if (change.method === 'DELETE') patch = null;
  else if (change.method === 'PUT' && change.body && typeof change.body === 'object') {
    patch = change.body as Record<string, unknown>;
  } else return;
  for (const queryKey of change.invalidates) {
    queryClient.setQueriesData({ queryKey }, (data: unknown) => patchListAnswer(data, id, patch));
  }
}
