/**
 * A member's membership in their detail (issue 57): the status the server derives from the renewal
 * date and today (active, expiring, lapsed; no date is an open-ended membership) and the date itself,
 * which staff who may edit members set or clear. The save sends the member's revision (If-Match), as
 * deactivation does; renewal reminders follow the new date on their own.
 */
import { Button, Tag } from '@blueprintjs/core';
import {
  changeOf,
  MEMBERSHIP_STATUS_LABELS,
  membershipFormSchema,
  ROUTES,
  type Member,
  type MembershipInput,
  type MembershipStatus,
} from '@npo/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useAdminMutation } from '../../data/useAdminMutation';
import { FormDialog } from '../../ui/form/FormDialog';
import { TextField } from '../../ui/form/fields';
import { schemaResolver } from '../../ui/form/resolver';

export const MEMBERSHIP_INTENTS: Record<MembershipStatus, 'success' | 'warning' | 'danger'> = {
  active: 'success',
  expiring: 'warning',
  lapsed: 'danger',
};

/** The membership as one line: its status and when it renews. */
export function MembershipTag({ member }: { member: Pick<Member, 'membershipStatus' | 'renewalDate'> }) {
  return (
    <Tag minimal intent={MEMBERSHIP_INTENTS[member.membershipStatus]}>
      {MEMBERSHIP_STATUS_LABELS[member.membershipStatus]}
    </Tag>
  );
}

type FormValues = { renewalDate: string };

function RenewalForm({ member, onClose }: { member: Member; onClose: () => void }) {
  const form = useForm<FormValues, unknown, MembershipInput>({
    resolver: schemaResolver(membershipFormSchema),
    defaultValues: { renewalDate: member.renewalDate ?? '' },
  });
  const save = useAdminMutation<MembershipInput, Member>({
    change: (body) => ({
      ...changeOf(ROUTES.members.setMembership, { params: { id: member.id }, body, revision: member.revision }),
      label: `Set the renewal date of ${member.name}`,
    }),
    success: (_result, body) => (body.renewalDate ? 'Renewal date saved' : 'Renewal date removed'),
    failure: 'Failed to save the renewal date',
  });
  return (
    <FormDialog
      title="Renewal date"
      icon="calendar"
      isOpen
      onClose={onClose}
      form={form}
      onSubmit={(values) => save.mutateAsync(values)}
      submitText="Save renewal date"
      canEdit
      width={420}
    >
      <TextField<FormValues>
        name="renewalDate"
        label="Renews on"
        type="date"
        optional
        autoFocus
        helper="Leave it empty for a membership that does not renew (never lapses, no reminders)."
      />
    </FormDialog>
  );
}

/** The facts' "Membership" entry: status, date, and for editors the button that sets the date. */
export function MembershipFact({ member, canEdit }: { member: Member; canEdit: boolean }) {
  const [editing, setEditing] = useState(0);
  return (
    <>
      <dt>Membership</dt>
      <dd>
        <MembershipTag member={member} />
        <span className="bp6-text-muted" data-testid="renewal-date">
          {member.renewalDate ? ` · renews on ${member.renewalDate}` : ' · no renewal date'}
        </span>
        {canEdit && (
          <span className="member-profile__verify">
            <Button size="small" icon="calendar" text="Set renewal date" onClick={() => setEditing((key) => key + 1)} />
          </span>
        )}
        {editing > 0 && <RenewalForm key={editing} member={member} onClose={() => setEditing(0)} />}
      </dd>
    </>
  );
}
