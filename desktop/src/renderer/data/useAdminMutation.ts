/**
 * The pattern of every change made in the console: call the API, refetch what it affects (and the
 * dashboard, whose counts summarise everything), then tell the user how it went. Failures are always
 * shown (SPEC 8's fallbacks when the server says nothing useful) and rethrown to the caller, so a
 * form stays open with its values.
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { describeError } from '../api/errors';
import { queryKeys } from '../api/query-keys';
import { notifyFailure, notifySuccess } from '../ui/toaster';

export interface AdminMutationOptions<Variables, Result> {
  mutationFn: (variables: Variables) => Promise<Result>;
  /** Lists this change affects; the dashboard is always refreshed as well. */
  invalidates: readonly QueryKey[];
  success?: string | ((result: Result, variables: Variables) => string);
  /** Shown when the server gives neither field errors nor a message. */
  failure: string;
}

export function useAdminMutation<Variables = void, Result = unknown>({
  mutationFn,
  invalidates,
  success,
  failure,
}: AdminMutationOptions<Variables, Result>) {
  const queryClient = useQueryClient();
  return useMutation<Result, unknown, Variables>({
    mutationFn,
    onSuccess: async (result, variables) => {
      if (success) notifySuccess(typeof success === 'function' ? success(result, variables) : success);
      // Awaited so that the list on screen is current when the caller continues (e.g. closes the form).
      await Promise.all(
        [...invalidates, queryKeys.dashboard].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
    onError: (error) => notifyFailure(describeError(error, failure)),
  });
}
