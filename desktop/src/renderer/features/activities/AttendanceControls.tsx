/**
 * Taking attendance in the attendee dialog (issue 58): a checkbox per registrant, "Mark all
 * attended", check-in by the code the registrant shows, and a walk-in who never registered. Each is a
 * queued change like the console's other writes; the server refuses someone not registered or an
 * unknown code with a field message, shown in the failure toast.
 */
import { Button, Checkbox, FormGroup, InputGroup } from '@blueprintjs/core';
import { ROUTES, changeOf, type Activity, type ActivityRegistration } from '@npo/shared';
import { useId, useState, type FormEvent } from 'react';
import { useAdminMutation } from '../../data/useAdminMutation';

/** One registrant's "Attended" box: ticking marks them, unticking unmarks (and withdraws a certificate). */
export function AttendedCheckbox({ activity, attendee }: { activity: Activity; attendee: ActivityRegistration }) {
  const mark = useAdminMutation<boolean>({
    change: (attended) => ({
      ...changeOf(ROUTES.activities.markAttendance, {
        params: { id: activity.id },
        body: { userIds: [attendee.userId], attended },
      }),
      label: `${attended ? 'Mark' : 'Unmark'} ${attendee.name} attended at “${activity.title}”`,
    }),
    success: (_result, attended) => `${attendee.name} ${attended ? 'marked attended' : 'marked not attended'}`,
    failure: 'Failed to change the attendance',
  });
  return (
    <Checkbox
      className="attended-checkbox"
      // What was asked shows at once; the list's refetch confirms it (or the toast says it failed).
      checked={mark.isPending ? mark.variables : attendee.attendedAt !== null}
      disabled={mark.isPending}
      aria-label={`${attendee.name} attended`}
      onChange={(event) => mark.mutate(event.currentTarget.checked)}
    />
  );
}

export function MarkAllButton({ activity }: { activity: Activity }) {
  const markAll = useAdminMutation({
    change: () => ({
      ...changeOf(ROUTES.activities.markAllAttended, { params: { id: activity.id } }),
      label: `Mark everyone registered for “${activity.title}” attended`,
    }),
    success: 'Everyone registered is marked attended',
    failure: 'Failed to mark everyone attended',
  });
  const everyone = activity.participants > 0 && activity.attended >= activity.participants;
  return (
    <Button
      icon="tick-circle"
      text="Mark all attended"
      disabled={activity.participants === 0 || everyone}
      loading={markAll.isPending}
      onClick={() => markAll.mutate()}
    />
  );
}

/** Staff type the code the registrant shows; the field is cleared once the server checked them in. */
export function CheckInForm({ activity }: { activity: Activity }) {
  const id = useId();
  const [code, setCode] = useState('');
  const checkIn = useAdminMutation<string, ActivityRegistration>({
    change: (typed) => ({
      ...changeOf(ROUTES.activities.checkIn, { params: { id: activity.id }, body: { code: typed } }),
      label: `Check in ${typed} at “${activity.title}”`,
    }),
    success: (registration) => `${registration.name} is checked in`,
    failure: 'Failed to check in',
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) checkIn.mutate(code.trim(), { onSuccess: () => setCode('') });
  };
  return (
    <form className="attendance-form" onSubmit={submit} aria-label="Check in by code">
      <FormGroup label="Check-in code" labelFor={id} className="attendance-field">
        <InputGroup
          id={id}
          value={code}
          placeholder="e.g. K7M2QX"
          autoComplete="off"
          onChange={(event) => setCode(event.currentTarget.value)}
        />
      </FormGroup>
      <Button type="submit" icon="tick" text="Check in" loading={checkIn.isPending} disabled={!code.trim()} />
    </form>
  );
}

/** Someone who came without registering: name and e-mail, registered and attended at once. */
export function WalkInForm({ activity }: { activity: Activity }) {
  const nameId = useId();
  const emailId = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const add = useAdminMutation<{ name: string; email: string }, ActivityRegistration>({
    change: (body) => ({
      ...changeOf(ROUTES.activities.addWalkIn, { params: { id: activity.id }, body }),
      label: `Add ${body.name} to “${activity.title}” as a walk-in`,
    }),
    success: (registration) => `${registration.name} is registered and marked attended`,
    failure: 'Failed to add the walk-in attendee',
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { name, email },
      {
        onSuccess: () => {
          setName('');
          setEmail('');
        },
      },
    );
  };
  return (
    <form className="attendance-form" onSubmit={submit} aria-label="Add a walk-in attendee">
      <FormGroup label="Walk-in name" labelFor={nameId} className="attendance-field">
        <InputGroup
          id={nameId}
          value={name}
          autoComplete="off"
          onChange={(event) => setName(event.currentTarget.value)}
        />
      </FormGroup>
      <FormGroup label="Walk-in e-mail" labelFor={emailId} className="attendance-field">
        <InputGroup
          id={emailId}
          type="email"
          value={email}
          autoComplete="off"
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
      </FormGroup>
      <Button type="submit" icon="new-person" text="Add walk-in" loading={add.isPending} disabled={!name || !email} />
    </form>
  );
}
