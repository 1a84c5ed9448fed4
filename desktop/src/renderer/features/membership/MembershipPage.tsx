import { Button } from '@blueprintjs/core';
import { ROUTES, type MembershipCard, type MembershipCardInput } from '@npo/shared';
import { useAdminList } from '../../data/useAdminList';
import { useCrudMutations } from '../../data/useCrudMutations';
import { useModuleAccess } from '../../data/useModuleAccess';
import { useFormDialog } from '../../ui/form/useFormDialog';
import { ListPager, ListSearch } from '../../ui/ListControls';
import { ListStates } from '../../ui/ListStates';
import { PageHeader } from '../../ui/PageHeader';
import { DefaultContentNotice } from '../../ui/DefaultContentNotice';
import { MembershipCardForm } from './MembershipCardForm';
import { MembershipCardView } from './MembershipCardView';
import { activeToggle, useCardOrdering } from './useCardOrdering';

export default function MembershipPage() {
  const access = useModuleAccess('membership');
  const dialog = useFormDialog<MembershipCard>();
  // No "Sort by" here (issue 55): the cards are a handful, and their public order is the one that counts,
  // changed by dragging; a choice of other orders beside it only switched the dragging off.
  const { list, query, queryKey, inOwnOrder } = useAdminList('membershipCards');
  const { save, confirmDelete } = useCrudMutations<MembershipCardInput>({
    operations: ROUTES.membershipCards.admin,
    noun: 'Membership card',
    deleteConfirm: 'Are you sure you want to delete this card?',
    saveFailure: 'Failed to save card',
    deleteFailure: 'Failed to delete card',
  });

  const cards = query.data?.cards ?? [];
  // Reordering sends every card id: only while the whole list is on screen in its public order
  // (no search, one page, no other sort).
  const reorderable = access.canEdit && inOwnOrder && !list.q && list.page === 1 && query.data?.pagination.pages === 1;
  const { listRef, announcement, moveByKeyboard, dragProps, dragged, dropTarget } = useCardOrdering(cards, queryKey);
  return (
    <>
      <PageHeader
        title="Membership"
        summary={
          reorderable
            ? 'Benefit cards of the Membership Benefits section, in their public order. Drag a card, or use the arrows, to reorder.'
            : 'Benefit cards of the Membership Benefits section, in their public order.'
        }
        actions={access.canEdit && <Button icon="add" intent="primary" text="Add Card" onClick={dialog.openCreate} />}
      />
      <DefaultContentNotice section="membershipCards" />
      <div className="sr-only" role="status" aria-live="polite">
        {announcement}
      </div>
      <div className="section-toolbar">
        <ListSearch list={list} label="Search cards by title or type" placeholder="Search by title or type" />
      </div>
      <ListStates
        query={query}
        loadError="Failed to load cards"
        isEmpty={cards.length === 0}
        empty={list.q ? 'No membership cards match your search.' : 'No membership cards yet.'}
      >
        <ul className="card-grid" role="list" aria-label="Membership cards" ref={listRef}>
          {cards.map((card, index) => (
            <li
              key={card.id}
              draggable={reorderable}
              {...(reorderable && dragProps(index))}
              className={dropTarget === index && dragged !== index ? 'drop-target' : undefined}
            >
              <MembershipCardView
                card={card}
                place={
                  reorderable
                    ? { index, count: cards.length, onMove: (direction) => moveByKeyboard(index, direction) }
                    : undefined
                }
                isDragged={dragged === index}
                onToggleActive={access.canEdit ? () => void save(...activeToggle(card)).catch(() => {}) : undefined}
                onEdit={access.canEdit ? () => dialog.openEdit(card) : undefined}
                onDelete={access.canDelete ? () => void confirmDelete(card) : undefined}
              />
            </li>
          ))}
        </ul>
      </ListStates>
      <ListPager
        list={list}
        pagination={query.data?.pagination}
        noun={['card', 'cards']}
        label="Membership cards pages"
      />
      <MembershipCardForm key={dialog.key} dialog={dialog} canEdit={access.canEdit} onSave={save} />
    </>
  );
}
