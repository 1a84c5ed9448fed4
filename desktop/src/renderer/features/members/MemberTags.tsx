/**
 * A member's tags in their detail (issue 57): each shown, taken off by its remove button, and one of
 * the tags staff keep put on from the list, or a new one created and put on at once. Staff with
 * members:edit only; the others see the tags.
 */
import { Button, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { ROUTES, changeOf, type Member, type MemberTag, type Tag as KeptTag } from '@npo/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { api } from '../../api/client';
import { useAdminMutation } from '../../data/useAdminMutation';

interface MemberTagsProps {
  member: Member & { tags: MemberTag[] };
  canEdit: boolean;
}

export function MemberTags({ member, canEdit }: MemberTagsProps) {
  const selectId = useId();
  const newId = useId();
  const [chosen, setChosen] = useState('');
  const [newName, setNewName] = useState('');
  const tags = useQuery({ queryKey: ['tags'], queryFn: () => api.admin.members.tags(), enabled: canEdit });
  const change = useAdminMutation<{ add?: number[]; remove?: number[]; label: string }, unknown>({
    change: ({ label, ...body }) => ({
      ...changeOf(ROUTES.members.setTags, { params: { id: member.id }, body, revision: member.revision }),
      label,
    }),
    success: 'Tags saved',
    failure: 'Failed to save the tags',
  });
  const create = useAdminMutation<string, KeptTag>({
    change: (name) => ({ ...changeOf(ROUTES.tags.create, { body: { name } }), label: `Create the tag ${name}` }),
    failure: 'Failed to create the tag',
  });
  const offered = (tags.data ?? []).filter((tag) => !member.tags.some((own) => own.id === tag.id));

  async function addNew() {
    const made = await create.mutateAsync(newName).catch(() => undefined);
    if (!made || typeof made !== 'object' || !('id' in made)) return;
    setNewName('');
    await change.mutateAsync({ add: [made.id], label: `Tag ${member.name} ${made.name}` }).catch(() => undefined);
  }

  return (
    <section className="member-section" aria-labelledby={`${selectId}-title`}>
      <h3 id={`${selectId}-title`}>Tags</h3>
      {member.tags.length === 0 ? (
        <p className="bp6-text-muted">No tags.</p>
      ) : (
        <ul className="member-tags" aria-label="Tags of the member">
          {member.tags.map((tag) => (
            <li key={tag.id}>
              <Tag minimal round>
                {tag.name}
              </Tag>
              {canEdit && (
                <Button
                  variant="minimal"
                  size="small"
                  icon="cross"
                  aria-label={`Remove the tag ${tag.name}`}
                  onClick={() =>
                    void change
                      .mutateAsync({ remove: [tag.id], label: `Untag ${member.name} ${tag.name}` })
                      .catch(() => undefined)
                  }
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <div className="member-tags-add">
          <label htmlFor={selectId}>Add a tag</label>
          <HTMLSelect
            id={selectId}
            value={chosen}
            onChange={(event) => setChosen(event.currentTarget.value)}
            options={[
              { value: '', label: 'Choose a tag' },
              ...offered.map((tag) => ({ value: String(tag.id), label: tag.name })),
            ]}
          />
          <Button
            text="Add"
            icon="tag"
            disabled={!chosen}
            onClick={() => {
              const tag = offered.find((item) => String(item.id) === chosen);
              if (!tag) return;
              setChosen('');
              void change
                .mutateAsync({ add: [tag.id], label: `Tag ${member.name} ${tag.name}` })
                .catch(() => undefined);
            }}
          />
          <label htmlFor={newId}>New tag</label>
          <InputGroup id={newId} value={newName} onChange={(event) => setNewName(event.currentTarget.value)} />
          <Button text="Create and add" icon="add" disabled={!newName.trim()} onClick={() => void addNew()} />
        </div>
      )}
    </section>
  );
}
