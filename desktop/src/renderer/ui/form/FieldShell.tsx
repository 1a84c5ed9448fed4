/**
 * A field's frame: its visible label, helper text and error (SPEC 5's message) linked to the input
 * for screen readers. Independent of any form library, so the login screen can use it alone.
 */
import { FormGroup, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string;
  helper?: ReactNode;
  optional?: boolean;
  className?: string;
  children: ReactNode;
}

export function FieldShell({ id, label, error, helper, optional, className, children }: FieldShellProps) {
  return (
    <FormGroup
      className={className}
      label={label}
      labelFor={id}
      labelInfo={optional ? '(optional)' : undefined}
      intent={error ? Intent.DANGER : Intent.NONE}
    >
      {children}
      {helper && !error && <div className="field-helper">{helper}</div>}
      {error && (
        <div id={`${id}-error`} className="field-error">
          {error}
        </div>
      )}
    </FormGroup>
  );
}

export const describedBy = (id: string, error?: string) => (error ? `${id}-error` : undefined);
