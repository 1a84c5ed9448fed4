/**
 * The pattern of every change made in the console: send it (or keep it in the outbox when the server
 * cannot be reached), refetch what it affects (and the dashboard, whose counts summarise everything),
 * then tell the user how it went. A conflict with someone else's edit is put to the user before
 * anything is overwritten. Failures are always shown (SPEC 8's fallbacks when the server says nothing
 * useful) and rethrown to the caller, so a form stays open with its values.
 */
import { changedQueryKeys } from '@npo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { describeError } from '../api/errors';
import { queryKeys } from '../api/query-keys';
import type { Change } from '../offline/outbox';
import { DROPPED_WAITING, KEPT_THEIRS, QUEUED, QUEUED_IN_MEMORY, QUEUED_UNSAVED, submitChange } from '../offline/sync';
import { notifyFailure, notifySuccess, type ToastAction } from '../ui/toaster';

export const QUEUED_MESSAGE = 'Saved on this computer. It will be sent when the connection returns.';
export const KEPT_THEIRS_MESSAGE = 'Kept the version on the server';
export const UNSAVED_MESSAGE =
  'Not saved on this computer yet: it could not be written here. The change is kept while the console stays open, saving is tried again, and it is sent when the connection returns.';
export const IN_MEMORY_MESSAGE =
  'Kept while the console stays open, not on this computer: it holds personal data and waiting changes are stored unencrypted here. It is sent when the connection returns.';
export const DROPPED_WAITING_MESSAGE = 'Deleted. It had not reached the server, so nothing is sent.';

type WaitingOutcome = typeof QUEUED | typeof QUEUED_UNSAVED | typeof QUEUED_IN_MEMORY | typeof DROPPED_WAITING;

const WAITING_TOASTS = new Map<unknown, () => void>([
  [QUEUED, () => notifySuccess(QUEUED_MESSAGE)],
  [QUEUED_UNSAVED, () => notifyFailure([UNSAVED_MESSAGE])],
  [QUEUED_IN_MEMORY, () => notifyFailure([IN_MEMORY_MESSAGE])],
  [DROPPED_WAITING, () => notifySuccess(DROPPED_WAITING_MESSAGE)],
]);

/** A change that waits in the outbox (or was dropped while waiting), not one the server made. */
export function isWaitingOutcome(outcome: unknown): outcome is WaitingOutcome {
  return WAITING_TOASTS.has(outcome);
}

/** The toast that says where a waiting change is kept. */
export function notifyWaiting(outcome: WaitingOutcome): void {
  WAITING_TOASTS.get(outcome)!();
}

export interface AdminMutationOptions<Variables, Result> {
  /**
   * The request this action makes, as data (so that it can wait in the outbox). What it makes stale
   * comes from its route in the table (changedQueryKeys); the dashboard is always refreshed as well.
   */
  change: (variables: Variables) => Omit<Change, 'invalidates'>;
  success?: string | ((result: Result, variables: Variables) => string);
  /** A button on the success toast (e.g. Undo); only when the server applied the change, never when queued. */
  successAction?: (result: Result, variables: Variables) => ToastAction | undefined;
  /** Shown when the server gives neither field errors nor a message. */
  failure: string;
  /** SPEC 8 gives some failures one fixed text whatever the server said (activation). */
  failureIsFixed?: boolean;
}

/** What a change makes stale: its route's resources (the table's), and the dashboard, which counts everything. */
export function staleAfter(request: Pick<Change, 'method' | 'path'>): Change['invalidates'] {
  return [...changedQueryKeys(request), queryKeys.dashboard];
}

export type MutationOutcome<Result> =
  | Result
  | typeof QUEUED
  | typeof QUEUED_UNSAVED
  | typeof QUEUED_IN_MEMORY
  | typeof DROPPED_WAITING
  | typeof KEPT_THEIRS;

export function useAdminMutation<Variables = void, Result = unknown>({
  change,
  success,
  successAction,
  failure,
  failureIsFixed = false,
}: AdminMutationOptions<Variables, Result>) {
  const queryClient = useQueryClient();
  return useMutation<MutationOutcome<Result>, unknown, Variables>({
    mutationFn: (variables) => {
      const request = change(variables);
      return submitChange<Result>({ ...request, invalidates: staleAfter(request) });
    },
    // Changes go through the outbox when offline: TanStack Query must not hold them back itself.
    networkMode: 'always',
    onSuccess: async (outcome, variables) => {
      if (isWaitingOutcome(outcome)) return notifyWaiting(outcome);
      if (outcome === KEPT_THEIRS) return notifySuccess(KEPT_THEIRS_MESSAGE);
      if (success) {
        notifySuccess(
          typeof success === 'function' ? success(outcome, variables) : success,
          successAction?.(outcome, variables),
        );
      }
      // Awaited so that the list on screen is current when the caller continues (e.g. closes the form).
      const stale = staleAfter(change(variables));
      await Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => notifyFailure(failureIsFixed ? [failure] : describeError(error, failure)),
  });
}
