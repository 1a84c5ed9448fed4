/** The FAQs' reorder (DESIGN: PUT /api/admin/faqs/reorder with every id), on the shared list ordering. */
import { ROUTES, changeOf, type Faq } from '@npo/shared';
import { queryKeys } from '../../api/query-keys';
import { staleAfter } from '../../data/useAdminMutation';
import type { Change } from '../../offline/outbox';
import { orderOf } from '../../offline/waiting';
import { useListOrdering } from '../../ui/ordering/useListOrdering';

export function faqOrderChange(ordered: Faq[]): Change {
  const request = changeOf(ROUTES.faqs.reorder);
  // An item still waiting to be created is named by its client id: the outbox sends its id once it is made.
  const order = orderOf(request.path.replace(/\/reorder$/, ''), ordered);
  return {
    ...request,
    invalidates: staleAfter(request),
    body: { ids: order.ids },
    bumps: order.bumps,
    label: 'Reorder FAQs',
  };
}

export function useFaqOrdering(faqs: Faq[]) {
  return useListOrdering(faqs, {
    queryKey: queryKeys.faqs,
    collection: 'faqs',
    change: faqOrderChange,
    nameOf: (faq) => faq.question,
    failure: 'Failed to reorder FAQs',
  });
}
