import { characterLimitAnnouncement } from '@npo/shared';
import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

interface FieldFrameProps {
  id: string;
  label: string;
  error: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
  /** Beside the label, e.g. the Forgot password link. */
  aside?: ReactNode;
  /** Below the message, e.g. a character count. */
  footer?: ReactNode;
}

export function FieldFrame({ id, label, error, hint, aside, footer, children }: FieldFrameProps) {
  return (
    <div className="field" data-invalid={Boolean(error)}>
      <div className="field__label-row">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        {aside}
      </div>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
      {footer}
    </div>
  );
}

/**
 * aria wiring shared by every control: invalid state and the message or hint that describes it,
 * then any further description (a character count).
 */
export function describedBy(id: string, error: string | undefined, hint: ReactNode, more?: string) {
  const first = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const ids = [first, more].filter(Boolean).join(' ');
  return { ...(error && { 'aria-invalid': true as const }), ...(ids && { 'aria-describedby': ids }) };
}

/**
 * The count of a text with a maximum, shown as it is typed. It describes the field (read when the
 * field is reached); screen readers hear it change only near the limit, a step at a time (polite).
 */
function CharacterCount({ id, length, limit }: { id: string; length: number; limit: number }) {
  return (
    <>
      <p id={id} className="field__count" data-over={length > limit}>
        {length} / {limit} characters
      </p>
      <p className="visually-hidden" aria-live="polite">
        {characterLimitAnnouncement(length, limit)}
      </p>
    </>
  );
}

export type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  error?: string | undefined;
  hint?: ReactNode;
  aside?: ReactNode;
  onValue: (value: string) => void;
};

/** `id` is optional: a form hydrated as an island passes its own (useId's depend on the whole page's tree). */
export function TextField({ label, value, error, hint, aside, onValue, id: givenId, ...input }: InputProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} aside={aside}>
      <input
        id={id}
        className="input"
        type="text"
        value={value}
        onChange={(event) => onValue(event.target.value)}
        {...describedBy(id, error, hint)}
        {...input}
      />
    </FieldFrame>
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'maxLength'> & {
  label: string;
  value: string;
  error?: string | undefined;
  onValue: (value: string) => void;
  /** The server's maximum, counted live. Not the native maxLength: a pasted longer text is kept and refused with the field's message. */
  limit?: number;
};

export function TextArea({ label, value, error, onValue, limit, id: givenId, ...textarea }: TextAreaProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const countId = limit === undefined ? undefined : `${id}-count`;
  return (
    <FieldFrame
      id={id}
      label={label}
      error={error}
      footer={countId && limit !== undefined && <CharacterCount id={countId} length={value.length} limit={limit} />}
    >
      <textarea
        id={id}
        className="input input--textarea"
        value={value}
        onChange={(event) => onValue(event.target.value)}
        {...describedBy(id, error, undefined, countId)}
        {...textarea}
      />
    </FieldFrame>
  );
}

export function FormAlert({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
