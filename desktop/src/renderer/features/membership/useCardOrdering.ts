/** The cards' reorder and Active switch: the FAQs' list ordering (ui/ordering) and a plain edit. */
import { ROUTES, changeOf, type MembershipCard, type MembershipCardInput } from '@npo/shared';
import type { QueryKey } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import type { Change } from '../../offline/outbox';
import { isWaitingToSync } from '../../offline/optimistic';
import { useListOrdering } from '../../ui/ordering/useListOrdering';

export function cardOrderChange(ordered: MembershipCard[]): Change {
  return {
    ...changeOf(ROUTES.membershipCards.reorder, {
      // A card still waiting to be created has no id on the server yet: it takes its place once it has.
      body: { ids: ordered.filter((card) => !isWaitingToSync(card)).map((card) => card.id) },
    }),
    label: 'Reorder membership cards',
    invalidates: [queryKeys.membershipCards],
  };
}

/** `queryKey`: the page of cards on screen, which moves at once. */
export function useCardOrdering(cards: MembershipCard[], queryKey: QueryKey) {
  return useListOrdering(cards, {
    queryKey,
    collection: 'cards',
    change: cardOrderChange,
    nameOf: (card) => card.title,
    failure: 'Failed to reorder cards',
  });
}

/** The save of the Active switch: the card as it is, the other way round, at the revision shown. */
export function activeToggle(card: MembershipCard): [MembershipCardInput, MembershipCard] {
  const { type, title, subtitle, points } = card;
  return [{ type, title, subtitle, points, isActive: !card.isActive }, card];
}
