/**
 * The tags staff put on members (issue 57), as they keep the list: added and renamed with
 * members:edit, deleted with members:delete. Each row says how many members carry it; deleting one in
 * use asks first, saying that it is taken off those members too. Names are unique in any case: the
 * server's refusal shows beside the field. Members are tagged in their detail (MemberTags).
 */
import { changeOf, ROUTES, tagSchema, type Tag } from '@npo/shared';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { NamedListPage, type NamedListConfig } from '../../ui/named-list/NamedListPage';

const membersText = (count: number) => (count === 1 ? '1 member' : `${count} members`);

const TAGS: NamedListConfig<Tag> = {
  module: 'members',
  title: 'Tags',
  summary: 'The tags staff put on members: the members list filters by them and announcements go to their members.',
  noun: 'tag',
  removeVerb: 'Delete',
  usesColumn: 'Members',
  uses: (tag) => tag.memberCount,
  usesText: membersText,
  renameHelper: (tag) => `Members who carry it (${membersText(tag.memberCount)}) show the new name.`,
  confirmInUse: (tag) =>
    `Delete “${tag.name}”? ${membersText(tag.memberCount)} ${tag.memberCount === 1 ? 'carries' : 'carry'} it: it is taken off ${tag.memberCount === 1 ? 'that member' : 'those members'} too.`,
  confirmUnused: (tag) => `Delete “${tag.name}”? No member carries it.`,
  rowTestId: 'tag-row',
  // The key the members' detail, filters and announcement segments read the tags under.
  list: { queryKey: queryKeys.tags, queryFn: () => api.admin.members.tags() },
  schema: tagSchema,
  requests: {
    create: (body) => changeOf(ROUTES.tags.create, { body }),
    rename: (tag, body) => changeOf(ROUTES.tags.rename, { params: { id: tag.id }, body, revision: tag.revision }),
    remove: (tag) => changeOf(ROUTES.tags.remove, { params: { id: tag.id }, revision: tag.revision }),
  },
};

export default function TagsPage() {
  return <NamedListPage config={TAGS} />;
}
