import { Button, Card, Tag } from '@blueprintjs/core';
import { changeOf, ROUTES, type TESTIMONIAL_SORTS, type Testimonial, type TestimonialInput } from '@npo/shared';
import { useAdminList } from '../../data/useAdminList';
import { SortControl } from '../../ui/SortControl';
import type { TableColumn } from '../../ui/TableHead';
import { useAdminMutation } from '../../data/useAdminMutation';
import { useCrudMutations } from '../../data/useCrudMutations';
import { useModuleAccess, type ModuleAccess } from '../../data/useModuleAccess';
import { useFormDialog } from '../../ui/form/useFormDialog';
import { ListPager, ListSearch } from '../../ui/ListControls';
import { ListStates } from '../../ui/ListStates';
import { PageHeader } from '../../ui/PageHeader';
import { DefaultContentNotice } from '../../ui/DefaultContentNotice';
import { TestimonialForm } from './TestimonialForm';
import { isWaitingToSync } from '../../offline/optimistic';
import { WaitingTag } from '../../offline/WaitingTag';

interface TestimonialCardProps {
  testimonial: Testimonial;
  access: ModuleAccess;
  featuring: boolean;
  onToggleFeatured: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

function TestimonialCard({ testimonial, access, featuring, onToggleFeatured, onEdit, onDelete }: TestimonialCardProps) {
  // Created on this computer, not on the server yet: it can be edited and deleted, not featured yet.
  const waiting = isWaitingToSync(testimonial);
  return (
    <Card className="item-card" data-testid="testimonial-card">
      <div className="item-head">
        <div className="item-title-row">
          <h2 className="item-title">{testimonial.name}</h2>
          <span className="muted">{testimonial.role}</span>
          {testimonial.isFeatured && (
            <Tag intent="warning" icon="star">
              Featured
            </Tag>
          )}
          {!testimonial.isActive && <Tag minimal>Inactive</Tag>}
          <WaitingTag item={testimonial} />
        </div>
        <div className="item-actions">
          {access.canEdit && (
            <>
              {!waiting && (
                <Button
                  icon={testimonial.isFeatured ? 'star' : 'star-empty'}
                  variant="minimal"
                  text={testimonial.isFeatured ? 'Unfeature' : 'Feature'}
                  loading={featuring}
                  onClick={onToggleFeatured}
                />
              )}
              <Button icon="edit" variant="minimal" text="Edit" onClick={onEdit} />
            </>
          )}
          {access.canDelete && (
            <Button icon="trash" variant="minimal" intent="danger" text="Delete" onClick={onDelete} />
          )}
        </div>
      </div>
      <blockquote className="quote">“{testimonial.quote}”</blockquote>
    </Card>
  );
}

type Sort = (typeof TESTIMONIAL_SORTS)[number];

const SORTS: (TableColumn<Sort> & { sort: Sort })[] = [
  { label: 'Name', sort: 'name' },
  { label: 'Role', sort: 'role' },
  { label: 'Added', sort: 'createdAt', firstOrder: 'desc' },
];

export default function TestimonialsPage() {
  const access = useModuleAccess('testimonials');
  const dialog = useFormDialog<Testimonial>();
  const { list, query, sort, setSort } = useAdminList('testimonials');
  const { save, confirmDelete } = useCrudMutations<TestimonialInput>({
    operations: ROUTES.testimonials.admin,
    noun: 'Testimonial',
    deleteConfirm: 'Are you sure you want to delete this testimonial?',
    saveFailure: 'Failed to save testimonial',
    deleteFailure: 'Failed to delete testimonial',
  });
  const toggleFeatured = useAdminMutation<Testimonial, Testimonial>({
    change: (testimonial) => ({
      ...changeOf(ROUTES.testimonials.toggleFeatured, {
        params: { id: testimonial.id },
        revision: testimonial.revision,
      }),
      label: `${testimonial.isFeatured ? 'Unfeature' : 'Feature'} the testimonial of ${testimonial.name}`,
    }),
    success: (result) => (result.isFeatured ? 'Testimonial featured' : 'Testimonial unfeatured'),
    failure: 'Failed to update testimonial',
  });

  const testimonials = query.data?.testimonials ?? [];
  return (
    <>
      <PageHeader
        title="Testimonials"
        summary="What members say about the organisation."
        actions={
          access.canEdit && <Button icon="add" intent="primary" text="Add Testimonial" onClick={dialog.openCreate} />
        }
      />
      <DefaultContentNotice section="testimonials" />
      <div className="section-toolbar">
        <ListSearch list={list} label="Search testimonials by name or quote" placeholder="Search by name or quote" />
        <SortControl columns={SORTS} sort={sort} onSort={setSort} ownOrder="Featured first" />
      </div>
      <ListStates
        query={query}
        loadError="Failed to load testimonials"
        isEmpty={testimonials.length === 0}
        empty={list.q ? 'No testimonials match your search.' : 'No testimonials yet.'}
      >
        <ul className="item-list" role="list" aria-label="Testimonials">
          {testimonials.map((testimonial) => (
            <li key={testimonial.id}>
              <TestimonialCard
                testimonial={testimonial}
                access={access}
                featuring={toggleFeatured.isPending && toggleFeatured.variables?.id === testimonial.id}
                onToggleFeatured={() => toggleFeatured.mutate(testimonial)}
                onEdit={() => dialog.openEdit(testimonial)}
                onDelete={() => void confirmDelete(testimonial)}
              />
            </li>
          ))}
        </ul>
      </ListStates>
      <ListPager
        list={list}
        pagination={query.data?.pagination}
        noun={['testimonial', 'testimonials']}
        label="Testimonials pages"
      />
      <TestimonialForm key={dialog.key} dialog={dialog} canEdit={access.canEdit} onSave={save} />
    </>
  );
}
