/** The six-digit code field of every two-factor form: labelled, numeric keypad, filled by the OS's one-time-code. */
import { InputGroup, Intent } from '@blueprintjs/core';
import { useId } from 'react';
import { describedBy, FieldShell } from '../../ui/form/FieldShell';

interface CodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  label?: string;
  /** A recovery code is letters and digits: no numeric keypad, no one-time-code fill. */
  recovery?: boolean;
  autoFocus?: boolean;
  name?: string;
}

export function CodeField({ value, onChange, error, label, recovery, autoFocus, name }: CodeFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label ?? (recovery ? 'Recovery code' : 'Authentication code')} error={error}>
      <InputGroup
        id={id}
        name={name ?? (recovery ? 'recoveryCode' : 'code')}
        value={value}
        onValueChange={onChange}
        autoFocus={autoFocus}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        inputMode={recovery ? 'text' : 'numeric'}
        spellCheck={false}
        maxLength={recovery ? 40 : 20}
        intent={error ? Intent.DANGER : Intent.NONE}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        fill
      />
    </FieldShell>
  );
}

/** The message of the field `field` in a failed call, or the call's message for the form. */
export function fieldErrorOf(error: unknown, field: string): { field?: string; form?: string } {
  const failure = error as { errors?: { field: string; message: string }[]; message?: string } | null;
  const own = failure?.errors?.find((item) => item.field === field);
  if (own) return { field: own.message };
  return { form: failure?.message || 'Something went wrong. Please try again.' };
}
