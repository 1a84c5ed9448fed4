import { changeOf, type VersionedRoutes } from '@npo/shared';
/**
 * The list/activate/delete/save machinery shared by the four kinds of versioned content (About Us,
 * contact info, privacy policy, terms of service): SPEC 4 gives them the same life cycle, so they
 * share one hook and differ only in their texts and in the shape of a version.
 */
import type { Module, Pagination, VersionedItem } from '@npo/shared';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { cachePolicy } from '../../api/cache-policy';
import { useAdminMutation } from '../../data/useAdminMutation';
import { useCrudMutations } from '../../data/useCrudMutations';
import { useModuleAccess } from '../../data/useModuleAccess';
import { useConfirm } from '../../ui/ConfirmProvider';
import type { ComparableField } from './diff';

export type VersionBase = VersionedItem;

/** SPEC 2's question before activating a policy; every versioned kind asks it (issue 21). */
export const ACTIVATE_CONFIRM = 'Are you sure you want to activate this version? This will make it the public version.';

export interface VersionedKind<Item extends VersionBase, Input> {
  module: Module;
  queryKey: QueryKey;
  lifetime: Parameters<typeof cachePolicy>[0];
  pageSize: number;
  /** The kind's list in the shared client (its changes are queued: they can wait in the outbox). */
  client: {
    list: (query: { page: number; limit: number }) => Promise<Record<string, unknown> & { pagination: Pagination }>;
  };
  /** The kind's group of the route table: ROUTES.aboutUs and so on. */
  operations: VersionedRoutes<Input>;
  /** Collection name of the list answer (SPEC 3). */
  collection: string;
  /** "About Us version", used in success toasts. */
  noun: string;
  texts: {
    loadError: string;
    empty: string;
    deleteConfirm: string;
    /** Asked before every activation, above the list of what will change. */
    activateConfirm: string;
    saveFailure: string;
    activateFailure: string;
    deleteFailure: string;
  };
  /** Privacy policy and terms hide Delete on the active version (SPEC 4); the others disable it. */
  hideDeleteOnActive: boolean;
  /** A version's fields as Compare and the activate confirm show them (diff.ts). */
  describe: (version: Item) => ComparableField[];
}

interface Activation<Item> {
  version: Item;
  /** The version live before this activation: the one Undo activates again. */
  previous?: Item;
  isUndo?: boolean;
}

export function useVersions<Item extends VersionBase, Input>(kind: VersionedKind<Item, Input>) {
  const access = useModuleAccess(kind.module);
  const confirm = useConfirm();
  const query = useQuery({
    queryKey: kind.queryKey,
    queryFn: () => kind.client.list({ page: 1, limit: kind.pageSize }),
    ...cachePolicy(kind.lifetime),
    enabled: access.canView,
  });
  const versions = (query.data?.[kind.collection] as Item[] | undefined) ?? [];

  const { save, confirmDelete } = useCrudMutations<Input>({
    operations: kind.operations,
    noun: kind.noun,
    deleteConfirm: kind.texts.deleteConfirm,
    saveFailure: kind.texts.saveFailure,
    deleteFailure: kind.texts.deleteFailure,
  });
  const queryClient = useQueryClient();
  /** The version as the list shows it now: activation changes the revision of the one it deactivates. */
  const current = (version: Item): Item =>
    (queryClient.getQueryData<Record<string, unknown>>(kind.queryKey)?.[kind.collection] as Item[] | undefined)?.find(
      (candidate) => candidate.id === version.id,
    ) ?? version;

  const activation = useAdminMutation<Activation<Item>, Item>({
    change: ({ version, isUndo }) => ({
      ...changeOf(kind.operations.activate, { params: { id: version.id }, revision: version.revision }),
      label: `${isUndo ? 'Undo: activate' : 'Activate'} ${kind.noun.toLowerCase()} ${version.version}`,
    }),
    success: (result, { isUndo }) => `Version ${result.version} is ${isUndo ? 'active again' : 'now active'}`,
    // Undo is the same activation, of the version that was live before, with its current revision.
    successAction: (_result, { previous }) =>
      previous && {
        key: `undo-activation-${kind.module}`,
        text: 'Undo',
        onClick: () => activation.mutate({ version: current(previous), isUndo: true }),
      },
    // SPEC 8: "Activate failure alert: 'Failed to activate version'".
    failure: kind.texts.activateFailure,
    failureIsFixed: true,
  });

  const scheduling = useAdminMutation<{ version: Item; activateAt: string }, Item>({
    change: ({ version, activateAt }) => ({
      ...changeOf(kind.operations.schedule, {
        params: { id: version.id },
        body: { activateAt },
        revision: version.revision,
      }),
      label: `Schedule ${kind.noun.toLowerCase()} ${version.version}`,
    }),
    success: (result) => `Version ${result.version} is scheduled`,
    failure: 'Failed to schedule version',
  });

  const unscheduling = useAdminMutation<Item, Item>({
    change: (version) => ({
      ...changeOf(kind.operations.cancelSchedule, { params: { id: version.id }, revision: version.revision }),
      label: `Cancel the schedule of ${kind.noun.toLowerCase()} ${version.version}`,
    }),
    success: (result) => `The schedule of version ${result.version} is cancelled`,
    failure: 'Failed to cancel the schedule',
  });

  useRefetchWhenDue(versions, kind.queryKey, query.dataUpdatedAt);

  /**
   * Asks first, with `details` (what will change on the public site) under the question; the
   * success toast then offers Undo, which activates `previous` again.
   */
  async function activate(version: Item, previous: Item | undefined, details: ReactNode): Promise<void> {
    const confirmed = await confirm({
      message: kind.texts.activateConfirm,
      details,
      className: 'confirm-wide',
      confirmText: 'Activate',
      intent: 'primary',
      icon: 'endorsed',
    });
    if (confirmed) activation.mutate({ version, previous });
  }

  return {
    access,
    query,
    versions,
    total: query.data?.pagination.total ?? versions.length,
    save,
    activate,
    remove: (version: Item) => confirmDelete(version),
    schedule: (version: Item, activateAt: string) => scheduling.mutateAsync({ version, activateAt }),
    cancelSchedule: (version: Item) => unscheduling.mutate(version),
    activatingId: activation.isPending ? activation.variables?.version.id : undefined,
  };
}

/** A little after the due time, so the server's scheduler (which looks at that minute) has run. */
const DUE_MARGIN_MS = 5_000;
/** setTimeout's longest delay; a schedule further away is looked at again when this one fires. */
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * Refetches the list when the soonest schedule on it is due (by this computer's clock), so staff see
 * the version go live without reloading; then every DUE_MARGIN_MS until the server has activated it. The list's own refetches (focus, invalidation) cover everything else.
 */
function useRefetchWhenDue(versions: VersionBase[], queryKey: QueryKey, fetchedAt: number): void {
  const queryClient = useQueryClient();
  const soonest = Math.min(
    ...versions.map((version) => (version.scheduledAt ? Date.parse(version.scheduledAt) : Infinity)),
  );
  useEffect(() => {
    if (!Number.isFinite(soonest)) return;
    const delay = Math.min(Math.max(soonest - Date.now(), 0) + DUE_MARGIN_MS, MAX_TIMEOUT_MS);
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey }), delay);
    return () => clearTimeout(timer);
    // Re-armed after every fetch: while the server has not activated it yet, it is looked at again.
  }, [soonest, fetchedAt, queryClient, queryKey]);
}
