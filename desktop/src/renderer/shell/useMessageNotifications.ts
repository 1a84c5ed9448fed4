/**
 * New contact messages while the desktop app runs (issue 54): the inbox's newest message and unread
 * count are asked for every minute (one message per answer: the cheapest page the list has), and the
 * shell is told the count (its badge) and how many arrived (its notification, whose click opens the
 * inbox). Nothing is asked on the web, where the sidebar's badge updates with the console's lists.
 */
import { can } from '@npo/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { fetchNewestMessage, unreadMessagesKey } from '../features/connect/unread';
import { platform } from '../platform';
import { useCurrentUser } from '../session/session-store';

export const MESSAGE_POLL_MS = 60_000;

export interface InboxState {
  unread: number;
  /** The newest message's id; null when the inbox is empty. */
  newestId: number | null;
}

/**
 * How many messages arrived between two looks at the inbox: none at the first look (what was there
 * already is not news), none unless a newer message is there, at least one when one is.
 */
export function arrivalsBetween(before: InboxState | null, after: InboxState): number {
  if (!before || after.newestId === null || after.newestId <= (before.newestId ?? 0)) return 0;
  return Math.max(1, after.unread - before.unread);
}

export function useMessageNotifications(): void {
  const user = useCurrentUser();
  const report = platform.reportUnreadMessages;
  const enabled = report !== undefined && can(user, 'connect', 'view');
  const { data } = useQuery({
    queryKey: unreadMessagesKey,
    queryFn: fetchNewestMessage,
    enabled,
    refetchInterval: MESSAGE_POLL_MS,
    // A console in the background (minimised) still hears of new messages.
    refetchIntervalInBackground: true,
    select: (page): InboxState => ({ unread: page.unread, newestId: page.messages[0]?.id ?? null }),
  });
  const seen = useRef<InboxState | null>(null);
  useEffect(() => {
    if (!enabled || !report || !data) return;
    const arrived = arrivalsBetween(seen.current, data);
    const changed = seen.current?.unread !== data.unread || arrived > 0;
    seen.current = data;
    if (changed) report(data.unread, arrived);
  }, [enabled, report, data]);
  // Signed out (the screens go): the badge must not go on showing a count of someone's inbox.
  useEffect(
    () => () => {
      if (seen.current) report?.(0, 0);
      seen.current = null;
    },
    [report],
  );
}
