/**
 * "Schedule…" on an inactive version (issue 21 item 3): a date and a time in the staff member's own
 * zone (shown), sent as UTC. The server refuses a time in the past; its field message shows here, under
 * the fields, and the dialog stays open.
 */
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { ApiError } from '@npo/shared';
import { useId, useState, type FormEvent } from 'react';
import { fromLocalInputValues, localZone, toLocalInputValues } from '../../ui/dates';

interface ScheduleDialogProps {
  /** The version being scheduled, e.g. "Version 3"; null when the dialog is closed. */
  label: string | null;
  /** The time the fields start at (its current schedule, or an hour from now). */
  initial: Date;
  onClose: () => void;
  /** Resolves once scheduled; rejects with the server's answer otherwise. */
  onSchedule: (activateAt: string) => Promise<unknown>;
  /** What happens at that time (announcements reuse the dialog). */
  lead?: string;
}

const INCOMPLETE = 'Enter a date and a time';

function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.errors[0]?.message ?? error.message;
  return 'Could not schedule it';
}

export function ScheduleDialog({
  label,
  initial,
  onClose,
  onSchedule,
  lead = 'The version goes live at this time',
}: ScheduleDialogProps) {
  const [values, setValues] = useState(() => toLocalInputValues(initial));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const formId = useId();
  const errorId = useId();

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const activateAt = fromLocalInputValues(values.date, values.time);
    if (!activateAt) return setError(INCOMPLETE);
    setSaving(true);
    try {
      await onSchedule(activateAt);
      onClose();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setSaving(false);
    }
  }

  const field = (name: 'date' | 'time') => ({
    value: values[name],
    intent: error ? ('danger' as const) : ('none' as const),
    'aria-invalid': Boolean(error),
    'aria-describedby': error ? errorId : undefined,
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setError(null);
    },
  });

  return (
    <Dialog isOpen={label !== null} onClose={onClose} title={`Schedule ${label ?? ''}`} icon="time">
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
        <DialogBody>
          <p>
            {lead}, in your time zone: <strong>{localZone()}</strong>.
          </p>
          <div className="schedule-fields">
            <FormGroup label="Date" labelFor={`${formId}-date`}>
              <InputGroup id={`${formId}-date`} type="date" required {...field('date')} />
            </FormGroup>
            <FormGroup label="Time" labelFor={`${formId}-time`}>
              <InputGroup id={`${formId}-time`} type="time" required {...field('time')} />
            </FormGroup>
          </div>
          {error && (
            <p id={errorId} className="field-error" role="alert">
              {error}
            </p>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} />
              <Button type="submit" intent="primary" text="Schedule" loading={saving} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
