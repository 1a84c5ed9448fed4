/**
 * Loading, SPEC 8's load failure, or the empty text, before a list has anything to show; offline, a
 * list never loaded on this computer says so instead of loading forever.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyList, LoadError, NotSyncedYet, SkeletonRows } from './states';

interface ListStatesProps {
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'refetch' | 'fetchStatus'>;
  loadError: string;
  isEmpty: boolean;
  empty: ReactNode;
  children: ReactNode;
}

export function ListStates({ query, loadError, isEmpty, empty, children }: ListStatesProps) {
  if (query.isPending) return query.fetchStatus === 'paused' ? <NotSyncedYet /> : <SkeletonRows />;
  if (query.isError) return <LoadError title={loadError} onRetry={() => void query.refetch()} />;
  if (isEmpty) return <EmptyList>{empty}</EmptyList>;
  return <>{children}</>;
}
