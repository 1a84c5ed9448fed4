/**
 * One console list (issue 20 item 5): its page, search, filters and sort in the URL (ui/ListControls),
 * its read through the route table's typed client under the list's query key, the previous page kept
 * on screen while the next loads, and the cache lifetime SPEC 9 gives it. The list screens call this
 * instead of wiring usePagedList and useQuery each on its own; their changes stay useAdminMutation's.
 */
import {
  ACTIVITY_SORTS,
  ANNOUNCEMENT_PAGE_SIZE,
  AUDIT_PAGE_SIZE,
  AUDIT_SORTS,
  CONTACT_MESSAGE_SORTS,
  FAQ_SORTS,
  MAIL_PAGE_SIZE,
  MAIL_SORTS,
  MEMBER_SORTS,
  MEMBERSHIP_CARD_SORTS,
  PAGE_SIZES,
  SORT_ORDERS,
  TESTIMONIAL_SORTS,
  USER_SORTS,
  type SortOrder,
} from '@npo/shared';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { api } from '../api/client';
import { cachePolicy } from '../api/cache-policy';
import { queryKeys } from '../api/query-keys';
import { usePagedList, type PagedList } from '../ui/ListControls';
import type { SortState } from '../ui/TableHead';

interface ListDefinition {
  key: QueryKey;
  pageSize: number;
  /** The columns the server sorts by (the route table's allow-list), and the order without one. */
  sorts?: readonly string[];
  defaultSort?: SortState<string>;
  cache?: { staleTime: number };
}

const LISTS = {
  members: {
    key: queryKeys.members,
    pageSize: PAGE_SIZES.members,
    sorts: MEMBER_SORTS,
    defaultSort: { sort: 'name', order: 'asc' },
    read: api.admin.members.list,
  },
  // Newest first; no other order.
  announcements: {
    key: queryKeys.announcements,
    pageSize: ANNOUNCEMENT_PAGE_SIZE,
    read: api.admin.announcements.list,
  },
  // No default sort: without one the server lists newest first.
  mail: { key: queryKeys.mail, pageSize: MAIL_PAGE_SIZE, sorts: MAIL_SORTS, read: api.admin.mail.list },
  users: {
    key: queryKeys.users,
    pageSize: PAGE_SIZES.admins,
    sorts: USER_SORTS,
    defaultSort: { sort: 'name', order: 'asc' },
    cache: cachePolicy('users'),
    read: api.admin.users.list,
  },
  // Without a sort: featured first, then newest.
  testimonials: {
    key: queryKeys.testimonials,
    pageSize: PAGE_SIZES.testimonials,
    sorts: TESTIMONIAL_SORTS,
    cache: cachePolicy('testimonials'),
    read: api.admin.testimonials.list,
  },
  // The manual order is the default, and the only one a reorder makes sense in.
  faqs: {
    key: queryKeys.faqs,
    pageSize: PAGE_SIZES.faqs,
    sorts: FAQ_SORTS,
    defaultSort: { sort: 'position', order: 'asc' },
    cache: cachePolicy('faqs'),
    read: api.admin.faqs.list,
  },
  membershipCards: {
    key: queryKeys.membershipCards,
    pageSize: PAGE_SIZES.membership,
    sorts: MEMBERSHIP_CARD_SORTS,
    defaultSort: { sort: 'position', order: 'asc' },
    cache: cachePolicy('membershipCards'),
    read: api.admin.membershipCards.list,
  },
  // Without a sort: the next upcoming first, then the most recent past ones.
  activities: {
    key: queryKeys.activities,
    pageSize: PAGE_SIZES.activities,
    sorts: ACTIVITY_SORTS,
    cache: cachePolicy('activities'),
    read: api.admin.activities.list,
  },
  // Without a sort: newest first.
  contactMessages: {
    key: queryKeys.contactMessages,
    pageSize: PAGE_SIZES.messages,
    sorts: CONTACT_MESSAGE_SORTS,
    read: api.admin.contactMessages.list,
  },
  // Without a sort: newest first. Every write adds entries, so the screen reads it fresh (staleTime 0).
  audit: { key: queryKeys.audit, pageSize: AUDIT_PAGE_SIZE, sorts: AUDIT_SORTS, read: api.admin.audit.list },
} satisfies Record<string, ListDefinition & { read: (query: never) => Promise<unknown> }>;

export type AdminListResource = keyof typeof LISTS;
type Read<R extends AdminListResource> = (typeof LISTS)[R]['read'];
/** The filters a list takes beyond its page, search and sort. */
export type AdminListFilter<R extends AdminListResource> = Omit<
  NonNullable<Parameters<Read<R>>[0]>,
  'page' | 'limit' | 'q' | 'sort' | 'order'
>;
export type AdminListData<R extends AdminListResource> = Awaited<ReturnType<Read<R>>>;
type SortOf<R extends AdminListResource> = (typeof LISTS)[R] extends { sorts: readonly (infer K extends string)[] }
  ? K
  : never;

export interface AdminListOptions<R extends AdminListResource> {
  /** The list's filters, as its URL parameters (list.param) say. */
  filter?: (list: PagedList) => AdminListFilter<R>;
  enabled?: boolean;
  /** Another key than the list's key and its parameters (FAQs keep the whole list under the plain key). */
  queryKey?: (params: object) => QueryKey;
  /** Lists that change on their own (the mail queue) read fresh, and look again while `refetchInterval` says. */
  staleTime?: number;
  refetchInterval?: (data: AdminListData<R> | undefined) => number | false;
}

const isOrder = (value: string | null): value is SortOrder => SORT_ORDERS.some((order) => order === value);

/** The sort the URL asks for, if the list knows the column; `name.desc` (the members' older links) too. */
function sortFrom(list: PagedList, definition: ListDefinition): SortState<string> | undefined {
  const [sort, legacyOrder] = (list.param('sort') ?? '').split('.');
  const order = list.param('order') ?? legacyOrder ?? null;
  if (sort && definition.sorts?.includes(sort)) return { sort, order: isOrder(order) ? order : 'asc' };
  return definition.defaultSort;
}

export function useAdminList<R extends AdminListResource>(resource: R, options: AdminListOptions<R> = {}) {
  // Each entry's read takes its own list's query: the parameters built here are that list's.
  const definition = LISTS[resource] as unknown as ListDefinition & { read: (query: object) => Promise<AdminListData<R>> };
  const list = usePagedList(definition.pageSize);
  const sort = sortFrom(list, definition) as SortState<SortOf<R>> | undefined;
  const filter = options.filter?.(list);
  const params = { ...list.params, ...filter, ...sort };
  const { refetchInterval } = options;
  const queryKey = options.queryKey?.(params) ?? [...definition.key, params];
  const query = useQuery<AdminListData<R>>({
    queryKey,
    queryFn: () => definition.read(params),
    placeholderData: keepPreviousData,
    ...definition.cache,
    ...(options.staleTime !== undefined && { staleTime: options.staleTime }),
    ...(refetchInterval && { refetchInterval: (current: { state: { data: AdminListData<R> | undefined } }) =>
        refetchInterval(current.state.data), }),
    ...(options.enabled !== undefined && { enabled: options.enabled }),
  });
  /** Sorting goes back to page 1; the list's own order (or none: the server's) leaves the URL clean. */
  const setSort = (next: SortState<SortOf<R>> | undefined) => {
    const fallback = definition.defaultSort;
    const plain = !next || (fallback?.sort === next.sort && fallback.order === next.order);
    list.setParams(plain ? { sort: null, order: null } : { sort: next.sort, order: next.order });
  };
  /** Whether the list shows its own order (the manual one of FAQs and cards, which only it can reorder). */
  const inOwnOrder = sort === definition.defaultSort;
  return { list, query, queryKey, filter, params, sort, setSort, inOwnOrder };
}
