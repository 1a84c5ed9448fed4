/**
 * Announcements (issue 22 item 2): mail to members, under the members module's rights. Holders of
 * members:view follow them, of members:edit compose, test, send and schedule them, of members:delete
 * delete an unsent one. The list is newest first; a row opens the announcement (AnnouncementDialog),
 * where a sent one's progress and recipients are followed.
 */
import { Button } from '@blueprintjs/core';
import { ROUTES, type Announcement, type AnnouncementBody } from '@npo/shared';
import { useState } from 'react';
import { useAdminList } from '../../data/useAdminList';
import { useCrudMutations } from '../../data/useCrudMutations';
import { useModuleAccess } from '../../data/useModuleAccess';
import { useFormDialog } from '../../ui/form/useFormDialog';
import { ListPager } from '../../ui/ListControls';
import { ListStates } from '../../ui/ListStates';
import { PageHeader } from '../../ui/PageHeader';
import { AnnouncementDialog } from './AnnouncementDialog';
import { AnnouncementForm } from './AnnouncementForm';
import { AnnouncementsTable } from './AnnouncementsTable';
import './announcements.css';

/** While one is sending or scheduled, the list looks again this often to show how it went. */
const FOLLOW_MS = 5000;

export default function AnnouncementsPage() {
  const access = useModuleAccess('members');
  const dialog = useFormDialog<Announcement>();
  const [openId, setOpenId] = useState<number | null>(null);
  const { list, query } = useAdminList('announcements', {
    staleTime: 0,
    refetchInterval: (data) =>
      data?.announcements.some((item) => item.state === 'scheduled' || item.counts.queued > 0) ? FOLLOW_MS : false,
  });
  const { save, confirmDelete } = useCrudMutations<AnnouncementBody>({
    operations: ROUTES.announcements,
    noun: 'Announcement',
    deleteConfirm: 'Are you sure you want to delete this announcement? It has not been sent.',
    saveFailure: 'Failed to save the announcement',
    deleteFailure: 'Failed to delete the announcement',
  });
  const items = query.data?.announcements ?? [];

  async function remove(item: Announcement) {
    setOpenId(null);
    await confirmDelete(item);
  }

  return (
    <>
      <PageHeader
        title="Announcements"
        summary="Mail to members: compose, preview and test it, then send it now or at a set time."
        actions={
          access.canEdit && <Button icon="add" intent="primary" text="New announcement" onClick={dialog.openCreate} />
        }
      />
      <ListStates
        query={query}
        loadError="Failed to load announcements"
        isEmpty={items.length === 0}
        empty="No announcements yet."
      >
        <div className="table-scroll">
          <AnnouncementsTable items={items} onOpen={(item) => setOpenId(item.id)} />
        </div>
      </ListStates>
      <ListPager
        list={list}
        pagination={query.data?.pagination}
        noun={['announcement', 'announcements']}
        label="Announcements pages"
      />
      {openId !== null && (
        <AnnouncementDialog
          id={openId}
          canEdit={access.canEdit}
          canDelete={access.canDelete}
          onEdit={(item) => {
            setOpenId(null);
            dialog.openEdit(item);
          }}
          onDelete={(item) => void remove(item)}
          onClose={() => setOpenId(null)}
        />
      )}
      <AnnouncementForm
        key={dialog.key}
        dialog={dialog}
        canEdit={access.canEdit}
        onSave={async (input, item) => {
          const saved = await save(input, item);
          // A new draft opens at once: its next steps (preview, test, send) are there.
          if (saved && typeof saved === 'object' && 'id' in saved) setOpenId(Number(saved.id));
        }}
      />
    </>
  );
}
