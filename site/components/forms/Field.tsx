import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

interface FieldFrameProps {
  id: string;
  label: string;
  error: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
  /** Beside the label, e.g. the Forgot password link. */
  aside?: ReactNode;
}

export function FieldFrame({ id, label, error, hint, aside, children }: FieldFrameProps) {
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
    </div>
  );
}

/** aria wiring shared by every control: invalid state and the message or hint that describes it. */
export function describedBy(id: string, error: string | undefined, hint: ReactNode) {
  if (error) return { 'aria-invalid': true, 'aria-describedby': `${id}-error` } as const;
  return hint ? ({ 'aria-describedby': `${id}-hint` } as const) : {};
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
        value={value}
        onChange={(event) => onValue(event.target.value)}
        {...describedBy(id, error, hint)}
        {...input}
      />
    </FieldFrame>
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  error?: string | undefined;
  onValue: (value: string) => void;
};

export function TextArea({ label, value, error, onValue, id: givenId, ...textarea }: TextAreaProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  return (
    <FieldFrame id={id} label={label} error={error}>
      <textarea
        id={id}
        className="input input--textarea"
        value={value}
        onChange={(event) => onValue(event.target.value)}
        {...describedBy(id, error, undefined)}
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
