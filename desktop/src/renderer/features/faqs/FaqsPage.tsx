/** FAQs in their public order; staff with edit rights reorder them by dragging or with the arrows. */
import { Button } from '@blueprintjs/core';
import { PAGE_SIZES, type Faq, type FaqInput } from '@npo/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { cachePolicy } from '../../api/cache-policy';
import { queryKeys } from '../../api/query-keys';
import { useCrudMutations } from '../../data/useCrudMutations';
import { useModuleAccess } from '../../data/useModuleAccess';
import { useFormDialog } from '../../ui/form/useFormDialog';
import { ListStates } from '../../ui/ListStates';
import { PageHeader } from '../../ui/PageHeader';
import { FaqCard } from './FaqCard';
import { FaqForm } from './FaqForm';
import { useFaqOrdering } from './useFaqReorder';

export default function FaqsPage() {
  const access = useModuleAccess('faqs');
  const dialog = useFormDialog<Faq>();
  const query = useQuery({
    queryKey: queryKeys.faqs,
    queryFn: () => api.admin.faqs.list({ page: 1, limit: PAGE_SIZES.faqs }),
    ...cachePolicy('faqs'),
  });
  const { save, confirmDelete } = useCrudMutations<FaqInput>({
    path: '/admin/faqs',
    queryKey: queryKeys.faqs,
    noun: 'FAQ',
    deleteConfirm: 'Are you sure you want to delete this FAQ?',
    saveFailure: 'Failed to save FAQ',
    deleteFailure: 'Failed to delete FAQ',
  });
  const faqs = query.data?.faqs ?? [];
  const ordering = useFaqOrdering(faqs);

  return (
    <>
      <PageHeader
        title="FAQs"
        summary={
          access.canEdit
            ? 'Frequently asked questions in their public order. Drag a question, or use the arrows, to reorder.'
            : 'Frequently asked questions in their public order.'
        }
        actions={access.canEdit && <Button icon="add" intent="primary" text="Add FAQ" onClick={dialog.openCreate} />}
      />
      <div className="sr-only" role="status" aria-live="polite">
        {ordering.announcement}
      </div>
      <ListStates query={query} loadError="Failed to load FAQs" isEmpty={faqs.length === 0} empty="No FAQs yet.">
        <ul className="item-list" aria-label="FAQs" ref={ordering.listRef}>
          {faqs.map((faq, index) => (
            <li
              key={faq.id}
              draggable={access.canEdit}
              {...(access.canEdit && ordering.dragProps(index))}
              className={ordering.dropTarget === index && ordering.dragged !== index ? 'drop-target' : undefined}
            >
              <FaqCard
                faq={faq}
                index={index}
                count={faqs.length}
                access={access}
                isDragged={ordering.dragged === index}
                onMove={(direction) => ordering.moveByKeyboard(index, direction)}
                onEdit={() => dialog.openEdit(faq)}
                onDelete={() => void confirmDelete(faq)}
              />
            </li>
          ))}
        </ul>
      </ListStates>
      <FaqForm key={dialog.key} dialog={dialog} canEdit={access.canEdit} nextOrder={faqs.length} onSave={save} />
    </>
  );
}
