/**
 * The sessions signed in with one's own account (issue 11): device, address, when it signed in and
 * was last seen; any other one can be ended, or all of them at once. Each end is confirmed first.
 */
import { Button, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { formatAdminDate, type AccountSession } from '@npo/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { queryKeys } from '../../api/query-keys';
import { useConfirm } from '../../ui/ConfirmProvider';
import { Loading, LoadError } from '../../ui/states';
import { sortedBy, TableHead, type SortState, type TableColumn } from '../../ui/TableHead';
import { notifyFailure, notifySuccess } from '../../ui/toaster';
import { AccountCard } from './AccountCard';

// First match wins: Edge and Electron also name Chrome, Chrome also names Safari.
const APPS: [RegExp, string][] = [
  [/Electron\//, 'Desktop app'],
  [/Edg\//, 'Edge'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];
const firstMatch = (names: [RegExp, string][], text: string) => names.find(([pattern]) => pattern.test(text))?.[1];

/** "Firefox on Linux" from a user agent: enough to tell one's devices apart; the whole text is the tooltip. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const app = firstMatch(APPS, userAgent);
  const system = firstMatch(SYSTEMS, userAgent);
  if (!app) return userAgent.slice(0, 60);
  return system ? `${app} on ${system}` : app;
}

function useEndSessions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.accountSessions });
  const endOne = useMutation({
    mutationFn: (session: AccountSession) => api.account.endSession(session.id),
    networkMode: 'always',
    onSuccess: () => notifySuccess('Session ended'),
    onError: (error) => notifyFailure(describeError(error, 'Failed to end the session')),
    onSettled: refresh,
  });
  const endOthers = useMutation({
    mutationFn: () => api.account.endOtherSessions(),
    networkMode: 'always',
    onSuccess: (result) => notifySuccess(result.message ?? 'Your other sessions have been signed out.'),
    onError: (error) => notifyFailure(describeError(error, 'Failed to end the other sessions')),
    onSettled: refresh,
  });
  return { endOne, endOthers };
}

function SessionRow({ session, onEnd, busy }: { session: AccountSession; onEnd: () => void; busy: boolean }) {
  const device = describeDevice(session.userAgent);
  return (
    <tr data-testid="session-row">
      <td className="cell-strong" title={session.userAgent ?? undefined}>
        {device}{' '}
        {session.current && (
          <Tag intent={Intent.SUCCESS} minimal>
            This device
          </Tag>
        )}
      </td>
      <td>{session.ip ?? 'Unknown'}</td>
      <td>{formatAdminDate(session.createdAt)}</td>
      <td>{formatAdminDate(session.lastSeenAt)}</td>
      <td className="cell-actions">
        {!session.current && (
          <Button
            icon="log-out"
            variant="minimal"
            intent={Intent.DANGER}
            text="End session"
            aria-label={`End session: ${device}, signed in ${formatAdminDate(session.createdAt)}`}
            disabled={busy}
            onClick={onEnd}
          />
        )}
      </td>
    </tr>
  );
}

type SessionSort = 'device' | 'ip' | 'createdAt' | 'lastSeenAt';

const SESSION_COLUMNS: TableColumn<SessionSort>[] = [
  { label: 'Device', sort: 'device' },
  { label: 'IP address', sort: 'ip' },
  { label: 'Signed in', sort: 'createdAt', firstOrder: 'desc' },
  { label: 'Last seen', sort: 'lastSeenAt', firstOrder: 'desc' },
  { label: 'Actions', look: 'hidden' },
];

function sessionValue(session: AccountSession, key: SessionSort): string | null {
  if (key === 'device') return describeDevice(session.userAgent);
  return session[key] ?? null;
}

/** This computer's session leads whatever the order (issue 21, item 11); the others keep theirs. */
const currentFirst = (sessions: AccountSession[]) => [
  ...sessions.filter((session) => session.current),
  ...sessions.filter((session) => !session.current),
];

export function SessionsSection() {
  const headingId = useId();
  const confirm = useConfirm();
  const query = useQuery({ queryKey: queryKeys.accountSessions, queryFn: api.account.sessions, staleTime: 0 });
  const { endOne, endOthers } = useEndSessions();
  const sessions = query.data ?? [];
  // The whole list is here: sorted on screen, newest sign-in first until a header says otherwise.
  const [sort, setSort] = useState<SortState<SessionSort>>({ sort: 'createdAt', order: 'desc' });
  const others = sessions.filter((session) => !session.current).length;
  const busy = endOne.isPending || endOthers.isPending;

  async function confirmEnd(session: AccountSession) {
    const yes = await confirm({
      message: `End the session of ${describeDevice(session.userAgent)}? It will be signed out at once.`,
      confirmText: 'End session',
      icon: 'log-out',
    });
    if (yes) endOne.mutate(session);
  }

  async function confirmEndOthers() {
    const yes = await confirm({
      message: 'End all other sessions? Every other device signed in with your account will be signed out.',
      confirmText: 'End all other sessions',
      icon: 'log-out',
    });
    if (yes) endOthers.mutate();
  }

  return (
    <AccountCard
      headingId={headingId}
      title="Signed-in sessions"
      actions={
        <Button
          icon="log-out"
          intent={Intent.DANGER}
          text="End all other sessions"
          disabled={others === 0 || busy}
          loading={endOthers.isPending}
          onClick={() => void confirmEndOthers()}
        />
      }
    >
      {query.isPending && <Loading label="Loading sessions..." />}
      {query.isError && <LoadError title="Failed to load your sessions" onRetry={() => void query.refetch()} />}
      {query.isSuccess && (
        <div className="table-scroll">
          <HTMLTable className="sessions-table" striped aria-labelledby={headingId}>
            <TableHead columns={SESSION_COLUMNS} sort={sort} onSort={setSort} />
            <tbody>
              {currentFirst(sortedBy(sessions, sort, sessionValue)).map((session) => (
                <SessionRow key={session.id} session={session} busy={busy} onEnd={() => void confirmEnd(session)} />
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </AccountCard>
  );
}
