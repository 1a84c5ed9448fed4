/** The cards' reorder and Active switch: the FAQs' list ordering (ui/ordering) and a plain edit. */
import { ROUTES, changeOf, type MembershipCard, type MembershipCardInput } from '@npo/shared';
import type { QueryKey } from '@tanstack/react-query';
import { staleAfter } from '../../data/useAdminMutation';
import type { Change } from '../../offline/outbox';
import { orderOf } from '../../offline/waiting';
import { useListOrdering } from '../../ui/ordering/useListOrdering';

export function cardOrderChange(ordered: MembershipCard[]): Change {
  const request = changeOf(ROUTES.membershipCards.reorder);
  // An item still waiting to be created is named by its client id: the outbox sends its id once it is made.
  const order = orderOf(request.path.replace(/\/reorder$/, ''), ordered);
  return {
    ...request,
    invalidates: staleAfter(request),
    body: { ids: order.ids },
    bumps: order.bumps,
    label: 'Reorder membership cards',
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
