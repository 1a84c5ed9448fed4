/** The FAQs' reorder (DESIGN: PUT /api/admin/faqs/reorder with every id), on the shared list ordering. */
import { ROUTES, changeOf, type Faq } from '@npo/shared';
import { queryKeys } from '../../api/query-keys';
import type { Change } from '../../offline/outbox';
import { isWaitingToSync } from '../../offline/optimistic';
import { useListOrdering } from '../../ui/ordering/useListOrdering';

export function faqOrderChange(ordered: Faq[]): Change {
  return {
    ...changeOf(ROUTES.faqs.reorder, {
      // A question still waiting to be created has no id on the server yet: it takes its place once it has.
      body: { ids: ordered.filter((faq) => !isWaitingToSync(faq)).map((faq) => faq.id) },
    }),
    label: 'Reorder FAQs',
    invalidates: [queryKeys.faqs],
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
