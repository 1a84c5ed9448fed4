/**
 * A change kept for later shows in the cached lists at once (an edit replaces the item's fields, a
 * deletion removes it, a creation appears marked "Waiting to sync", a reorder moves the items), so
 * what the staff member sees matches what they did. An item waiting to be created is found by its
 * client id, in the changes that name it and in reorders. The lists are refetched from the server
 * once the change is sent.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Bump, Change } from './outbox';

type Item = { id: number; clientId?: unknown; order?: unknown; revision?: unknown } & Record<string, unknown>;

function isItemList(value: unknown): value is Item[] {
  return Array.isArray(value) && value.every((item) => typeof (item as Item | null)?.id === 'number');
}

/** A server id, or the client id of an item shown from the outbox. */
type Target = number | string;

const isTarget = (item: Item, target: Target) =>
  typeof target === 'number' ? item.id === target : item.clientId === target;

/** Applies `patch` (null: remove) to the item `target` in every list of a `{ <collection>: [...] }` answer. */
export function patchListAnswer(data: unknown, target: Target, patch: Record<string, unknown> | null): unknown {
  if (!data || typeof data !== 'object') return data;
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => {
      if (!isItemList(value)) return [key, value];
      const items =
        patch === null
          ? value.filter((item) => !isTarget(item, target))
          : value.map((item) => (isTarget(item, target) ? { ...item, ...patch, id: item.id } : item));
      return [key, items];
    }),
  );
}

/** Marks an item shown from the outbox, not yet on the server (its `clientId` names it meanwhile). */
export const WAITING_TO_SYNC = 'waitingToSync';

export function isWaitingToSync(item: unknown): boolean {
  return (item as Record<string, unknown> | null)?.[WAITING_TO_SYNC] === true;
}

/** Placeholder ids are negative, so they never meet a server id (and any request with one is refused). */
let placeholderIds = 0;

/**
 * Adds a creation waiting in the outbox to the lists of the first page (or an unpaged answer): first,
 * or last in a positioned list (FAQs, cards), where the server puts a new item.
 */
export function addToListAnswer(data: unknown, item: Record<string, unknown>): unknown {
  if (!data || typeof data !== 'object') return data;
  const page = (data as { pagination?: { page?: unknown } }).pagination?.page;
  if (page !== undefined && page !== 1) return data;
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => {
      if (!isItemList(value)) return [key, value];
      if (value.some((other) => other.clientId !== undefined && other.clientId === item.clientId)) return [key, value];
      const positioned = value.length > 0 && value.every((other) => typeof other.order === 'number');
      return [key, positioned ? [...value, { ...item, order: value.length }] : [item, ...value]];
    }),
  );
}

/** Puts the items of every list of the answer in the order of `ids` (a reorder), unknown ones last. */
export function reorderListAnswer(data: unknown, ids: readonly Target[]): unknown {
  if (!data || typeof data !== 'object') return data;
  const rank = new Map<Target, number>(ids.map((id, index) => [id, index]));
  const position = (item: Item) =>
    rank.get(item.id) ?? (typeof item.clientId === 'string' ? rank.get(item.clientId) : undefined) ?? ids.length;
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

function reorderIds(change: Change): Target[] | null {
  if (change.method !== 'PUT' || !/^\/admin\/[a-z-]+\/reorder$/.test(change.path)) return null;
  const ids = (change.body as { ids?: unknown } | undefined)?.ids;
  return Array.isArray(ids) && ids.every((id) => typeof id === 'number' || typeof id === 'string') ? ids : null;
}

/** /admin/faqs/3 → 3; /admin/faqs/<client id> → the client id. */
function targetOf(path: string): Target | null {
  const segment = path.match(/^\/admin\/[a-z-]+\/([^/]+)$/)?.[1];
  if (!segment) return null;
  return /^\d+$/.test(segment) ? Number(segment) : /^[0-9a-f-]{36}$/i.test(segment) ? segment : null;
}

/** Item edits and deletions (PUT or DELETE on /admin/<list>/<id>), creations and reorders have an obvious effect to show. */
export function applyOptimistically(queryClient: QueryClient, change: Change): void {
  // Only the lists whose cards know how to show an item without its server fields.
  const created =
    change.method === 'POST' && /^\/admin\/(testimonials|faqs|membership-cards|activities|users)$/.test(change.path);
  const listKey = change.invalidates[0];
  if (created && listKey && change.body && typeof change.body === 'object') {
    placeholderIds -= 1;
    const item = {
      ...(change.body as Record<string, unknown>),
      id: placeholderIds,
      ...(change.clientId && { clientId: change.clientId }),
      [WAITING_TO_SYNC]: true,
    };
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
  const target = targetOf(change.path);
  if (target === null) return;
  let patch: Record<string, unknown> | null;
  if (change.method === 'DELETE') patch = null;
  else if (change.method === 'PUT' && change.body && typeof change.body === 'object') {
    patch = change.body as Record<string, unknown>;
  } else return;
  for (const queryKey of change.invalidates) {
    queryClient.setQueriesData({ queryKey }, (data: unknown) => patchListAnswer(data, target, patch));
  }
}

/**
 * A deletion in a positioned list (FAQs, cards) closes the gap: the server moves every item after
 * it up a place and raises their revisions. Read from the list on screen (the cache), as the staff
 * member saw it when they deleted.
 */
export function positionBumps(queryClient: QueryClient, change: Change): Bump[] | undefined {
  const match = change.method === 'DELETE' ? change.path.match(/^(\/admin\/[a-z-]+)\/(\d+)$/) : null;
  const listKey = change.invalidates[0];
  if (!match || !listKey) return undefined;
  const id = Number(match[2]);
  const items = new Map<number, Item>();
  for (const [, data] of queryClient.getQueriesData({ queryKey: listKey })) {
    for (const value of Object.values((data as Record<string, unknown> | undefined) ?? {})) {
      if (isItemList(value)) for (const item of value) if (item.id > 0) items.set(item.id, item);
    }
  }
  const removed = items.get(id);
  if (typeof removed?.order !== 'number') return undefined;
  const after = [...items.values()].filter(
    (item) =>
      typeof item.order === 'number' && item.order > (removed.order as number) && typeof item.revision === 'number',
  );
  return after.length > 0
    ? after.map((item) => ({ path: `${match[1]}/${item.id}`, from: item.revision as number }))
    : undefined;
}

/** The items `bumps` names, in the lists of the change's first key, move on to the revision it gave them. */
export function raiseRevisions(queryClient: QueryClient, change: Change, bumps: readonly Bump[]): void {
  const listKey = change.invalidates[0];
  if (!listKey) return;
  const raised = new Map(bumps.map((bump) => [bump.path, bump.from]));
  const listPath = change.path.replace(/\/[^/]+$/, '');
  queryClient.setQueriesData({ queryKey: listKey }, (data: unknown) => {
    if (!data || typeof data !== 'object') return data;
    return Object.fromEntries(
      Object.entries(data).map(([key, value]) => [
        key,
        isItemList(value)
          ? value.map((item) =>
              raised.get(`${listPath}/${item.id}`) === item.revision
                ? { ...item, revision: (item.revision as number) + 1 }
                : item,
            )
          : value,
      ]),
    );
  });
}
