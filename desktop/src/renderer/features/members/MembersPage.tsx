/**
 * Members (issue 22): the accounts that signed up on the site. Searched by name or e-mail in any case
 * and accents, filtered by status, sorted by name or join date, paged on the server; all of it in the
 * URL like the other lists, and so are the join days and the activity (MemberFilters). Anyone who may view exports the current filter as CSV and opens a
 * member's detail; staff with edit permission deactivate (which signs the member out everywhere) and
 * reactivate, after a confirmation, and import members from a CSV file (ImportMembersDialog).
 */
import { Button, HTMLSelect, HTMLTable, MenuDivider, MenuItem, Tag } from '@blueprintjs/core';
import {
  ROUTES,
  changeOf,
  formatAdminDate,
  MEMBER_STATUSES,
  MEMBERSHIP_STATUSES,
  MEMBERSHIP_STATUS_LABELS,
  type Member,
  type MembersFilter,
} from '@npo/shared';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { useAdminList } from '../../data/useAdminList';
import { useAdminMutation } from '../../data/useAdminMutation';
import { useModuleAccess } from '../../data/useModuleAccess';
import { useConfirm } from '../../ui/ConfirmProvider';
import { DateTimeLines } from '../../ui/DateTimeLines';
import { saveDownload } from '../../ui/download';
import { ListPager, ListSearch, type PagedList } from '../../ui/ListControls';
import { ListStates } from '../../ui/ListStates';
import { OneLine } from '../../ui/OneLine';
import { PageHeader } from '../../ui/PageHeader';
import { RowMenu } from '../../ui/RowMenu';
import { TableHead, type TableColumn } from '../../ui/TableHead';
import { notifyFailure } from '../../ui/toaster';
import { ImportMembersDialog } from './ImportMembersDialog';
import { MemberDialog, useEraseMember } from './MemberDialog';
import { MemberFilters } from './MemberFilters';
import { MembershipTag } from './MemberMembership';
import './members.css';

type Filter = Partial<Pick<MembersFilter, 'status' | 'joinedFrom' | 'joinedTo' | 'country' | 'membership'>> & {
  activityId?: string;
  specialtyId?: string;
  tagId?: string;
};

const STATUS_LABELS: Record<(typeof MEMBER_STATUSES)[number], string> = {
  active: 'Active',
  deactivated: 'Deactivated',
};

/**
 * The list's filter as the URL holds it (the join days and the activity have their controls in MemberFilters); the
 * sort is the header's, read by useAdminList.
 */
function filterOf(list: PagedList): Filter {
  const status = list.param('status');
  const membership = MEMBERSHIP_STATUSES.find((each) => each === list.param('membership'));
  const optional = (name: 'joinedFrom' | 'joinedTo' | 'activityId' | 'country' | 'specialtyId' | 'tagId') => {
    const value = list.param(name);
    return value ? { [name]: value } : {};
  };
  return {
    ...((status === 'active' || status === 'deactivated') && { status }),
    ...(membership && { membership }),
    ...optional('joinedFrom'),
    ...optional('joinedTo'),
    ...optional('activityId'),
    ...optional('country'),
    ...optional('specialtyId'),
    ...optional('tagId'),
  };
}

function ExportButton({ filter }: { filter: Parameters<typeof api.admin.members.exportCsv>[0] }) {
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      saveDownload(await api.admin.members.exportCsv(filter), 'members.csv');
    } catch (error) {
      notifyFailure(describeError(error, 'Failed to export the members'));
    } finally {
      setBusy(false);
    }
  };
  return <Button icon="download" text="Export CSV" loading={busy} onClick={() => void exportCsv()} />;
}

/** Deactivate or reactivate, confirmed first; the list and an open detail are read again after. */
function useMemberStatus() {
  const confirm = useConfirm();
  const change = useAdminMutation<{ member: Member; active: boolean }, Member>({
    change: ({ member, active }) => ({
      ...changeOf(active ? ROUTES.members.reactivate : ROUTES.members.deactivate, {
        params: { id: member.id },
        revision: member.revision,
      }),
      label: `${active ? 'Reactivate' : 'Deactivate'} ${member.name}`,
    }),
    success: (_result, { member, active }) => `${member.name} ${active ? 'reactivated' : 'deactivated'}`,
    failure: 'Failed to change the status',
  });
  return async (member: Member, active: boolean) => {
    const yes = await confirm(
      active
        ? { message: `Reactivate ${member.name}? They can sign in again.`, confirmText: 'Reactivate', icon: 'tick' }
        : {
            message: `Deactivate ${member.name}? They will be signed out everywhere and cannot sign in until reactivated.`,
            confirmText: 'Deactivate',
            icon: 'lock',
          },
    );
    if (yes) change.mutate({ member, active });
  };
}

const COLUMNS: TableColumn<MembersFilter['sort']>[] = [
  { label: 'Name', sort: 'name' },
  { label: 'E-mail' },
  { label: 'Status' },
  { label: 'Membership' },
  { label: 'Joined (UTC)', sort: 'joinedAt', firstOrder: 'desc' },
  { label: 'Last sign-in (UTC)' },
  { label: 'Actions', look: 'hidden' },
];

/** The open member's detail is in the URL (`?member=ID`): the name is a link, Back closes it. */
function useOpenMember() {
  const [searchParams, setSearchParams] = useSearchParams();
  const id = Number(searchParams.get('member'));
  const linkTo = (member: Member) => {
    const next = new URLSearchParams(searchParams);
    next.set('member', String(member.id));
    return { search: `?${next.toString()}` };
  };
  const close = () => {
    const next = new URLSearchParams(searchParams);
    next.delete('member');
    setSearchParams(next);
  };
  return { openId: Number.isSafeInteger(id) && id > 0 ? id : null, linkTo, close };
}

interface MemberRowProps {
  member: Member;
  detailLink: ReturnType<ReturnType<typeof useOpenMember>['linkTo']>;
  canEdit: boolean;
  canDelete: boolean;
  onSetStatus: (member: Member, active: boolean) => Promise<void>;
  onErase: (member: Member) => Promise<void>;
  onOpen: () => void;
}

/** One member: the name opens the detail; deactivating and erasing sit in the row's menu, confirmed. */
function MemberRow({ member, detailLink, canEdit, canDelete, onSetStatus, onErase, onOpen }: MemberRowProps) {
  return (
    <tr data-testid="member-row">
      <td className="cell-flexible">
        <Link to={detailLink} className="one-line cell-strong" title={member.name}>
          {member.name}
        </Link>
      </td>
      <td className="cell-flexible">
        <OneLine text={member.email} />
      </td>
      <td className="nowrap">
        <Tag minimal intent={member.isActive ? 'success' : 'none'}>
          {member.isActive ? 'Active' : 'Deactivated'}
        </Tag>
      </td>
      <td className="nowrap" title={member.renewalDate ? `Renews on ${member.renewalDate}` : 'No renewal date'}>
        <MembershipTag member={member} />
      </td>
      <td>
        <DateTimeLines at={member.joinedAt} text={formatAdminDate(member.joinedAt)} />
      </td>
      <td>
        {member.lastLogin ? <DateTimeLines at={member.lastLogin} text={formatAdminDate(member.lastLogin)} /> : 'Never'}
      </td>
      <td className="cell-actions">
        <RowMenu label={`Actions for ${member.name}`}>
          <MenuItem icon="person" text="View details" onClick={onOpen} />
          {canEdit && (
            <MenuItem
              icon={member.isActive ? 'lock' : 'unlock'}
              text={member.isActive ? 'Deactivate' : 'Reactivate'}
              onClick={() => void onSetStatus(member, !member.isActive)}
            />
          )}
          {canDelete && (
            <>
              <MenuDivider />
              <MenuItem icon="trash" intent="danger" text="Erase" onClick={() => void onErase(member)} />
            </>
          )}
        </RowMenu>
      </td>
    </tr>
  );
}

export default function MembersPage() {
  const { canEdit, canDelete } = useModuleAccess('members');
  const { openId, linkTo, close } = useOpenMember();
  const navigate = useNavigate();
  const erase = useEraseMember(() => undefined);
  const [importing, setImporting] = useState(false);
  const { list, query, sort, setSort } = useAdminList('members', { filter: filterOf });
  const filter = filterOf(list);
  const setStatus = useMemberStatus();
  const members = query.data?.members ?? [];
  const filtered = Boolean(
    list.q ||
    filter.status ||
    filter.joinedFrom ||
    filter.joinedTo ||
    filter.activityId ||
    filter.country ||
    filter.specialtyId ||
    filter.tagId ||
    filter.membership,
  );

  return (
    <>
      <PageHeader
        title="Members"
        summary="People who signed up on the site."
        actions={
          <>
            {canEdit && <Button icon="document" text="Import CSV" onClick={() => setImporting(true)} />}
            <ExportButton filter={{ ...filter, ...(list.q && { q: list.q }), ...sort }} />
          </>
        }
      />
      {/* One left-aligned flow of controls, wrapping whole controls (members.css). */}
      <div className="section-toolbar members-toolbar">
        <ListSearch list={list} label="Search members by name or email" placeholder="Search by name or email" />
        <HTMLSelect
          aria-label="Status"
          value={filter.status ?? ''}
          onChange={(event) => list.setParam('status', event.currentTarget.value || null)}
          options={[
            { value: '', label: 'All statuses' },
            ...MEMBER_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
          ]}
        />
        <HTMLSelect
          aria-label="Membership"
          value={filter.membership ?? ''}
          onChange={(event) => list.setParam('membership', event.currentTarget.value || null)}
          options={[
            { value: '', label: 'Any membership' },
            // "Membership: active", not "Active" as the Status filter beside it says of the account.
            ...MEMBERSHIP_STATUSES.map((status) => ({
              value: status,
              label: `Membership: ${MEMBERSHIP_STATUS_LABELS[status].toLowerCase()}`,
            })),
          ]}
        />
        <MemberFilters list={list} />
      </div>
      <ListStates
        query={query}
        loadError="Failed to load members"
        isEmpty={members.length === 0}
        empty={filtered ? 'No members match the search and filters.' : 'No one has signed up yet.'}
      >
        <div className="table-scroll">
          <HTMLTable compact striped className="members-table" aria-label="Members">
            <TableHead columns={COLUMNS} sort={sort} onSort={setSort} />
            <tbody>
              {members.map((member) => (
                <MemberRow
                  key={member.id}
                  member={member}
                  detailLink={linkTo(member)}
                  canEdit={canEdit}
                  canDelete={canDelete}
                  onSetStatus={setStatus}
                  onErase={erase}
                  onOpen={() => void navigate(linkTo(member))}
                />
              ))}
            </tbody>
          </HTMLTable>
        </div>
      </ListStates>
      <ListPager list={list} pagination={query.data?.pagination} noun={['member', 'members']} label="Members pages" />
      {openId !== null && <MemberDialog id={openId} canEdit={canEdit} onSetStatus={setStatus} onClose={close} />}
      {importing && <ImportMembersDialog onClose={() => setImporting(false)} />}
    </>
  );
}
