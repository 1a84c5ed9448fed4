/**
 * The number of new (unopened) contact messages, for the sidebar badge and the Messages tab. Kept out of
 * the inbox module so that the sidebar does not load the Connect screen's code.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** Under the inbox's key, so every change to a message (which invalidates that key) refreshes the count. */
export const unreadMessagesKey = [...queryKeys.contactMessages, 'unread'] as const;

/** One message is the least a page can hold: the newest, with the count that comes with it. */
export const fetchNewestMessage = () => api.admin.contactMessages.list({ page: 1, limit: 1 });

export function useUnreadMessages(enabled: boolean): number {
  const query = useQuery({
    queryKey: unreadMessagesKey,
    queryFn: fetchNewestMessage,
    enabled,
    select: (page) => page.unread,
  });
  return query.data ?? 0;
}
