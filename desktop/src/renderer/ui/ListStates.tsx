/** Loading, SPEC 8's load failure, or the empty text, before a list has anything to show. */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyList, LoadError, Loading } from './states';

interface ListStatesProps {
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'refetch'>;
  loadError: string;
  isEmpty: boolean;
  empty: ReactNode;
  children: ReactNode;
}

export function ListStates({ query, loadError, isEmpty, empty, children }: ListStatesProps) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError title={loadError} onRetry={() => void query.refetch()} />;
  if (isEmpty) return <EmptyList>{empty}</EmptyList>;
  return <>{children}</>;
}
