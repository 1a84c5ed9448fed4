/**
 * FAQs in their public order; staff with edit rights reorder them by dragging or with the arrows.
 * Reordering sends every FAQ id (SPEC 7), so it needs the whole list on screen: without a search the
 * screen asks for all of them (up to 100, the largest page; beyond that it pages and stops offering
 * to reorder). A search shows its matches, paged, in public order, with their positions, not movable.
 * Another sort (question, category, last edit) shows them in that order, not movable either.
 */
import { Button } from '@blueprintjs/core';
import { ROUTES, type FAQ_SORTS, type Faq } from '@npo/shared';
import { queryKeys } from '../../api/query-keys';
import { useAdminList } from '../../data/useAdminList';
import { useCrudMutations } from '../../data/useCrudMutations';
import { useModuleAccess } from '../../data/useModuleAccess';
import { useFormDialog } from '../../ui/form/useFormDialog';
import { ListPager, ListSearch } from '../../ui/ListControls';
import { SortControl } from '../../ui/SortControl';
import type { TableColumn } from '../../ui/TableHead';
import { ListStates } from '../../ui/ListStates';
import { PageHeader } from '../../ui/PageHeader';
import { DefaultContentNotice } from '../../ui/DefaultContentNotice';
import { FaqCard } from './FaqCard';
import { FaqForm, type FaqPayload } from './FaqForm';
import { useFaqOrdering } from './useFaqReorder';

type Sort = (typeof FAQ_SORTS)[number];

const SORTS: (TableColumn<Sort> & { sort: Sort })[] = [
  { label: 'Public order', sort: 'position' },
  { label: 'Question', sort: 'question' },
  { label: 'Category', sort: 'category' },
  { label: 'Last edited', sort: 'updatedAt', firstOrder: 'desc' },
];

/** The first page without a search, in public order: every FAQ, as reordering sees them. */
const wholeList = (params: { page?: number; q?: string; sort?: string; order?: string }) =>
  !params.q && params.page === 1 && params.sort === 'position' && params.order === 'asc';

export default function FaqsPage() {
  const access = useModuleAccess('faqs');
  const dialog = useFormDialog<Faq>();
  // The whole list keeps the plain key: useFaqReorder moves the FAQs in that cache entry.
  const { list, query, params, sort, setSort } = useAdminList('faqs', {
    queryKey: (params) => (wholeList(params) ? queryKeys.faqs : [...queryKeys.faqs, params]),
  });
  const whole = wholeList(params);
  const { save, confirmDelete } = useCrudMutations<FaqPayload>({
    operations: ROUTES.faqs.admin,
    noun: 'FAQ',
    deleteConfirm: 'Are you sure you want to delete this FAQ?',
    saveFailure: 'Failed to save FAQ',
    deleteFailure: 'Failed to delete FAQ',
  });
  const faqs = query.data?.faqs ?? [];
  // Taken apart: the list's ref goes to the list alone, the rest is read while rendering.
  const { listRef, announcement, moveByKeyboard, dragProps, dragged, dropTarget } = useFaqOrdering(faqs);
  const reorderable = access.canEdit && whole && query.data?.pagination.pages === 1;

  return (
    <>
      <PageHeader
        title="FAQs"
        summary={
          reorderable
            ? 'Frequently asked questions in their public order. Drag a question, or use the arrows, to reorder.'
            : 'Frequently asked questions in their public order.'
        }
        actions={access.canEdit && <Button icon="add" intent="primary" text="Add FAQ" onClick={dialog.openCreate} />}
      />
      <DefaultContentNotice section="faqs" />
      <div className="sr-only" role="status" aria-live="polite">
        {announcement}
      </div>
      <div className="section-toolbar">
        <ListSearch
          list={list}
          label="Search FAQs by question, answer or category"
          placeholder="Search by question, answer or category"
        />
        <SortControl columns={SORTS} sort={sort} onSort={setSort} />
        {list.q && access.canEdit && <p className="section-count">Clear the search to reorder the FAQs.</p>}
      </div>
      <ListStates
        query={query}
        loadError="Failed to load FAQs"
        isEmpty={faqs.length === 0}
        empty={list.q ? 'No FAQs match your search.' : 'No FAQs yet.'}
      >
        <ul className="item-list" role="list" aria-label="FAQs" ref={listRef}>
          {faqs.map((faq, index) => (
            <li
              key={faq.id}
              draggable={reorderable}
              {...(reorderable && dragProps(index))}
              className={dropTarget === index && dragged !== index ? 'drop-target' : undefined}
            >
              <FaqCard
                faq={faq}
                index={index}
                count={faqs.length}
                access={access}
                isDragged={dragged === index}
                reorderable={reorderable}
                onMove={(direction) => moveByKeyboard(index, direction)}
                onEdit={() => dialog.openEdit(faq)}
                onDelete={() => void confirmDelete(faq)}
              />
            </li>
          ))}
        </ul>
      </ListStates>
      <ListPager list={list} pagination={query.data?.pagination} noun={['FAQ', 'FAQs']} label="FAQs pages" />
      <FaqForm
        key={dialog.key}
        dialog={dialog}
        canEdit={access.canEdit}
        nextOrder={query.data?.pagination.total ?? faqs.length}
        onSave={save}
      />
    </>
  );
}
