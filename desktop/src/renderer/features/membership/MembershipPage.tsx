import { Button, Card, Tag } from '@blueprintjs/core';
import { API, PAGE_SIZES, type MembershipCard, type MembershipCardInput } from '@npo/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { cachePolicy } from '../../api/cache-policy';
import { queryKeys } from '../../api/query-keys';
import { useCrudMutations } from '../../data/useCrudMutations';
import { useModuleAccess } from '../../data/useModuleAccess';
import { useFormDialog } from '../../ui/form/useFormDialog';
import { ListPager, ListSearch, usePagedList } from '../../ui/ListControls';
import { ListStates } from '../../ui/ListStates';
import { PageHeader } from '../../ui/PageHeader';
import { MembershipCardForm } from './MembershipCardForm';
import { isWaitingToSync } from '../../offline/optimistic';
import { WaitingTag } from '../../offline/WaitingTag';

function MembershipCardView({
  card,
  onEdit,
  onDelete,
}: {
  card: MembershipCard;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  // Created on this computer, not on the server yet: nothing can be done to it until it is.
  const waiting = isWaitingToSync(card);
  return (
    <Card className="item-card membership-card" data-testid="membership-card">
      <div className="item-head">
        <Tag intent="primary" minimal>
          {card.type}
        </Tag>
        <WaitingTag item={card} />
        <div className="item-actions">
          {onEdit && !waiting && (
            <Button icon="edit" variant="minimal" aria-label={`Edit ${card.title}`} title="Edit" onClick={onEdit} />
          )}
          {onDelete && !waiting && (
            <Button
              icon="trash"
              variant="minimal"
              intent="danger"
              aria-label={`Delete ${card.title}`}
              title="Delete"
              onClick={onDelete}
            />
          )}
        </div>
      </div>
      <h2 className="item-title">{card.title}</h2>
      <p className="muted">{card.subtitle}</p>
      <ul className="point-list">
        {card.points.map((point, index) => (
          <li key={index}>{point.value}</li>
        ))}
      </ul>
    </Card>
  );
}

export default function MembershipPage() {
  const access = useModuleAccess('membership');
  const dialog = useFormDialog<MembershipCard>();
  const list = usePagedList(PAGE_SIZES.membership);
  const query = useQuery({
    queryKey: [...queryKeys.membershipCards, list.params],
    queryFn: () => api.admin.membershipCards.list(list.params),
    placeholderData: keepPreviousData,
    ...cachePolicy('membershipCards'),
  });
  const { save, confirmDelete } = useCrudMutations<MembershipCardInput>({
    operations: API.membershipCards.admin,
    queryKey: queryKeys.membershipCards,
    noun: 'Membership card',
    deleteConfirm: 'Are you sure you want to delete this card?',
    saveFailure: 'Failed to save card',
    deleteFailure: 'Failed to delete card',
  });

  const cards = query.data?.cards ?? [];
  return (
    <>
      <PageHeader
        title="Membership"
        summary="Benefit cards of the Membership Benefits section."
        actions={access.canEdit && <Button icon="add" intent="primary" text="Add Card" onClick={dialog.openCreate} />}
      />
      <div className="section-toolbar">
        <ListSearch list={list} label="Search cards by title or type" placeholder="Search by title or type" />
      </div>
      <ListStates
        query={query}
        loadError="Failed to load cards"
        isEmpty={cards.length === 0}
        empty={list.q ? 'No membership cards match your search.' : 'No membership cards yet.'}
      >
        <ul className="card-grid" aria-label="Membership cards">
          {cards.map((card) => (
            <li key={card.id}>
              <MembershipCardView
                card={card}
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
