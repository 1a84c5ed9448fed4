import { Button, Card, Icon, Switch, Tag } from '@blueprintjs/core';
import type { MembershipCard } from '@npo/shared';
import { WaitingTag } from '../../offline/WaitingTag';
import { MoveButtons } from '../../ui/ordering/MoveButtons';
import type { MoveDirection } from '../../ui/ordering/useListOrdering';

export interface CardPlace {
  index: number;
  count: number;
  onMove: (direction: MoveDirection) => void;
}

/**
 * One card as the Membership Benefits section shows it, with its Active switch (inactive cards are
 * hidden on the site) and, while the whole list is on screen, its Move up / Move down buttons.
 */
export function MembershipCardView(props: {
  card: MembershipCard;
  /** Present when the staff member may edit and the whole list is shown: the card can move. */
  place?: CardPlace | undefined;
  isDragged?: boolean;
  onToggleActive?: (() => void) | undefined;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
}) {
  const { card, place, isDragged = false, onToggleActive, onEdit, onDelete } = props;
  // Created on this computer, not on the server yet: it can be edited, moved and deleted all the same.
  const movable = place;
  return (
    <Card className={`item-card membership-card${isDragged ? ' is-dragged' : ''}`} data-testid="membership-card">
      <div className="item-head">
        <div className="item-title-row">
          {movable && <Icon icon="drag-handle-vertical" className="drag-handle" aria-hidden />}
          <Tag intent="primary" minimal>
            {card.type}
          </Tag>
          {!card.isActive && <Tag minimal>Inactive</Tag>}
          <WaitingTag item={card} />
        </div>
        <div className="item-actions">
          {movable && <MoveButtons id={card.id} name={card.title} {...place} />}
          {onEdit && (
            <Button icon="edit" variant="minimal" aria-label={`Edit ${card.title}`} title="Edit" onClick={onEdit} />
          )}
          {onDelete && (
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
      <Switch
        className="card-active-switch"
        role="switch"
        label="Active"
        aria-label={`Active: ${card.title}`}
        checked={card.isActive}
        disabled={!onToggleActive}
        onChange={onToggleActive}
      />
    </Card>
  );
}
