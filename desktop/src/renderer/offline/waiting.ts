/**
 * Items still waiting to be created (issue 54, local-first): a creation made offline shows in its
 * list as waiting, named by the client id it carries, and it can be edited, deleted or moved before
 * it syncs. These are the pure parts: how a change names such an item, how a reorder names every
 * item and which revisions it raises, what the outbox becomes once the creation is made or dropped,
 * and how a reorder refused because the list changed elsewhere is rebuilt.
 */
import type { ChangeRequest } from '@npo/shared';
import type { Bump, OutboxEntry } from './outbox';

/** An item of a list: from the server (a positive id) or shown from the outbox (its client id). */
export interface ListedItem {
  id: number;
  revision?: number;
  order?: number;
  clientId?: string;
  waitingToSync?: boolean;
}

/** The client id of an item waiting to be created, or undefined for an item the server has. */
export function waitingClientId(item: ListedItem): string | undefined {
  return item.waitingToSync === true && typeof item.clientId === 'string' ? item.clientId : undefined;
}

/**
 * A change of the item, made before the server has it: its path names the creation's client id in
 * place of the id (the placeholder's negative one), and it carries no revision; the outbox gives it
 * both once the creation is made. `foldedLabel`: the creation's label if the change is folded into it.
 */
export function onWaitingItem<C extends ChangeRequest & { label: string }>(
  change: C,
  item: ListedItem,
  foldedLabel?: string,
): C & { after?: string; foldedLabel?: string } {
  const clientId = waitingClientId(item);
  if (!clientId) return change;
  const { revision: _none, ...rest } = change;
  return {
    ...(rest as C),
    path: change.path.replace(new RegExp(`/${item.id}(?=/|$)`), `/${clientId}`),
    after: clientId,
    ...(foldedLabel && { foldedLabel }),
  };
}

/**
 * A reorder of a positioned list (FAQs, cards): every item by its id, or by its client id while it
 * waits to be created; and the items the server will move (a position other than the one they
 * have), whose revision it raises.
 */
export function orderOf(listPath: string, ordered: readonly ListedItem[]): { ids: (number | string)[]; bumps: Bump[] } {
  const ids = ordered.map((item) => waitingClientId(item) ?? item.id);
  const bumps = ordered.flatMap((item, index) =>
    !waitingClientId(item) && item.revision !== undefined && item.order !== undefined && item.order !== index
      ? [{ path: `${listPath}/${item.id}`, from: item.revision }]
      : [],
  );
  return { ids, bumps };
}

function reorderIds(entry: OutboxEntry): unknown[] | null {
  if (entry.method !== 'PUT' || !entry.path.endsWith('/reorder')) return null;
  const ids = (entry.body as { ids?: unknown } | undefined)?.ids;
  return Array.isArray(ids) ? ids : null;
}

function withIds(entry: OutboxEntry, ids: unknown[]): OutboxEntry {
  return { ...entry, body: { ...(entry.body as object), ids } };
}

/**
 * The creation `clientId` was made as item `id` at `revision`: what waited on it names the item
 * (path, If-Match), and reorders name its id.
 */
export function withCreationMade(
  list: OutboxEntry[],
  clientId: string,
  id: number,
  revision: number | undefined,
): OutboxEntry[] {
  return list.map((entry) => {
    let next = entry;
    if (entry.after === clientId) {
      const { after: _made, ...rest } = entry;
      next = { ...rest, path: entry.path.replace(`/${clientId}`, `/${id}`), revision: entry.revision ?? revision };
    }
    const ids = reorderIds(next);
    if (ids?.includes(clientId))
      next = withIds(
        next,
        ids.map((other) => (other === clientId ? id : other)),
      );
    return next;
  });
}

/** The creation `clientId` given up (deleted before it synced, or discarded): what waited on it goes too. */
export function withoutCreation(list: OutboxEntry[], clientId: string): OutboxEntry[] {
  return list
    .filter((entry) => entry.clientId !== clientId && entry.after !== clientId)
    .map((entry) => {
      const ids = reorderIds(entry);
      return ids?.includes(clientId)
        ? withIds(
            entry,
            ids.filter((other) => other !== clientId),
          )
        : entry;
    });
}

/**
 * The staff member's order applied to the list as it is now: the items they ordered take, in their
 * order, the places those items hold now; items added elsewhere since stay where they are; items
 * deleted elsewhere are left out.
 */
export function mergeOrder(current: readonly number[], intended: readonly number[]): number[] {
  const present = new Set(current);
  const wanted = intended.filter((id) => present.has(id));
  const ordered = new Set(wanted);
  let next = 0;
  return current.map((id) => (ordered.has(id) ? wanted[next++]! : id));
}
