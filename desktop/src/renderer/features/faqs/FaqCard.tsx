import { Button, Card, Icon, Tag } from '@blueprintjs/core';
import { formatAdminDate, type Faq } from '@npo/shared';
import type { ModuleAccess } from '../../data/useModuleAccess';
import { MoveButtons } from '../../ui/ordering/MoveButtons';
import type { MoveDirection } from '../../ui/ordering/useListOrdering';
import { WaitingTag } from '../../offline/WaitingTag';

interface FaqCardProps {
  faq: Faq;
  index: number;
  count: number;
  access: ModuleAccess;
  isDragged: boolean;
  /** False while searching: the results are not the whole list, so they do not move (FaqsPage). */
  reorderable?: boolean;
  onMove: (direction: MoveDirection) => void;
  onEdit: () => void;
  onDelete: () => void;
}

export function FaqCard(props: FaqCardProps) {
  const { faq, index, count, access, isDragged, reorderable = true, onMove, onEdit, onDelete } = props;
  // Created on this computer, not on the server yet: it can be edited, moved and deleted all the same.
  const canMove = access.canEdit && reorderable;
  const position = reorderable ? index + 1 : faq.order + 1;
  return (
    <Card className={`item-card faq-card${isDragged ? ' is-dragged' : ''}`} data-testid="faq-card">
      <div className="item-head">
        <div className="item-title-row">
          {canMove && <Icon icon="drag-handle-vertical" className="drag-handle" aria-hidden />}
          <span className="position" aria-label={`Position ${position}`}>
            #{position}
          </span>
          {faq.isActive ? <Tag intent="success">Active</Tag> : <Tag minimal>Inactive</Tag>}
          <WaitingTag item={faq} />
          {faq.category && (
            <Tag minimal round icon="tag">
              {faq.category}
            </Tag>
          )}
        </div>
        <div className="item-actions">
          {canMove && <MoveButtons id={faq.id} name={faq.question} index={index} count={count} onMove={onMove} />}
          {access.canEdit && <Button icon="edit" variant="minimal" text="Edit" onClick={onEdit} />}
          {access.canDelete && (
            <Button icon="trash" variant="minimal" intent="danger" text="Delete" onClick={onDelete} />
          )}
        </div>
      </div>
      <h2 className="item-title faq-question">{faq.question}</h2>
      <p className="clamp-3">{faq.answer}</p>
      {faq.updatedAt && <p className="item-meta">Updated {formatAdminDate(faq.updatedAt)}</p>}
    </Card>
  );
}
