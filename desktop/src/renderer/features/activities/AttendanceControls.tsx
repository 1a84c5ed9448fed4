/**
 * Taking attendance in the attendee dialog (issue 58): a checkbox per registrant, "Mark all
 * attended", check-in by the code the registrant shows, and a walk-in who never registered. Each is a
 * queued change like the console's other writes. The server's field messages (an unknown code, an
 * address already registered, a bad e-mail) go under their field as in the console's other forms,
 * the field marked invalid and focused; the failure toast lists them too (FormDialog does the same).
 */
import { Button, Checkbox, InputGroup, Intent } from '@blueprintjs/core';
import { ApiError, ROUTES, changeOf, type Activity, type ActivityRegistration } from '@npo/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useAdminMutation } from '../../data/useAdminMutation';
import { describedBy, FieldShell } from '../../ui/form/FieldShell';

/**
 * The server's messages for a small form's own fields: the first of each field is kept, shown under
 * it until the field is edited, and the first field with one takes the focus.
 */
function useServerFieldErrors<Field extends string>(fields: readonly Field[]) {
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  return {
    errors,
    /** Where the input of `field` is, for the focus. */
    inputRef: (field: Field) => (input: HTMLInputElement | null) => {
      inputs.current[field] = input;
    },
    show: (error: unknown) => {
      if (!(error instanceof ApiError)) return;
      const next: Partial<Record<Field, string>> = {};
      for (const { field, message } of error.errors) {
        const known = fields.find((name) => name === field);
        if (known && !next[known]) next[known] = message;
      }
      setErrors(next);
      const first = fields.find((name) => next[name]);
      if (first) inputs.current[first]?.focus();
    },
    clear: (field: Field) => {
      if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest as Partial<Record<Field, string>>);
    },
    reset: () => setErrors({}),
  };
}

/** What an input of these forms gets for its server message: the invalid state and the link to it. */
const invalidProps = (id: string, error: string | undefined) => ({
  intent: error ? Intent.DANGER : Intent.NONE,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': describedBy(id, error),
});

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
  const fieldErrors = useServerFieldErrors(['code'] as const);
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
    if (!code.trim()) return;
    fieldErrors.reset();
    checkIn.mutate(code.trim(), { onSuccess: () => setCode(''), onError: fieldErrors.show });
  };
  const error = fieldErrors.errors.code;
  return (
    <form className="attendance-form" onSubmit={submit} aria-label="Check in by code" noValidate>
      <FieldShell id={id} label="Check-in code" error={error} className="attendance-field">
        <InputGroup
          id={id}
          inputRef={fieldErrors.inputRef('code')}
          value={code}
          placeholder="e.g. K7M2QX"
          autoComplete="off"
          {...invalidProps(id, error)}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            fieldErrors.clear('code');
          }}
        />
      </FieldShell>
      <Button type="submit" icon="tick" text="Check in" loading={checkIn.isPending} disabled={!code.trim()} />
    </form>
  );
}

const WALK_IN_FIELDS = ['name', 'email'] as const;

/** Someone who came without registering: name and e-mail, registered and attended at once. */
export function WalkInForm({ activity }: { activity: Activity }) {
  const nameId = useId();
  const emailId = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const fieldErrors = useServerFieldErrors(WALK_IN_FIELDS);
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
    fieldErrors.reset();
    add.mutate(
      { name, email },
      {
        onSuccess: () => {
          setName('');
          setEmail('');
        },
        onError: fieldErrors.show,
      },
    );
  };
  const { errors } = fieldErrors;
  return (
    // noValidate: the server's message under the field, not the browser's bubble, says what is wrong.
    <form className="attendance-form" onSubmit={submit} aria-label="Add a walk-in attendee" noValidate>
      <FieldShell id={nameId} label="Walk-in name" error={errors.name} className="attendance-field">
        <InputGroup
          id={nameId}
          inputRef={fieldErrors.inputRef('name')}
          value={name}
          autoComplete="off"
          {...invalidProps(nameId, errors.name)}
          onChange={(event) => {
            setName(event.currentTarget.value);
            fieldErrors.clear('name');
          }}
        />
      </FieldShell>
      <FieldShell id={emailId} label="Walk-in e-mail" error={errors.email} className="attendance-field">
        <InputGroup
          id={emailId}
          inputRef={fieldErrors.inputRef('email')}
          type="email"
          value={email}
          autoComplete="off"
          {...invalidProps(emailId, errors.email)}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            fieldErrors.clear('email');
          }}
        />
      </FieldShell>
      <Button type="submit" icon="new-person" text="Add walk-in" loading={add.isPending} disabled={!name || !email} />
    </form>
  );
}
