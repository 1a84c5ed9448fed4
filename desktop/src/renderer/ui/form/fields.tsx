/**
 * Form fields bound to the surrounding react-hook-form through its context: every field has a
 * visible label, and its error (SPEC 5's message) is linked to the input for screen readers.
 */
import { Checkbox, HTMLSelect, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { useId, type ReactNode } from 'react';
import { get, useFormContext, useFormState, type FieldValues, type Path } from 'react-hook-form';
import { describedBy, FieldShell } from './FieldShell';
import { PasswordInput } from './PasswordInput';

export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  // Field arrays carry their own error (e.g. 'At least one tag is required') under `root`.
  const error = get<typeof errors, { message?: string; root?: { message?: string } } | undefined>(errors, name);
  return error?.message ?? error?.root?.message;
}

interface TextFieldProps<Values extends FieldValues> {
  name: Path<Values>;
  label: ReactNode;
  type?: 'text' | 'email' | 'tel' | 'url' | 'password' | 'date' | 'datetime-local' | 'number' | 'search';
  placeholder?: string;
  helper?: ReactNode;
  optional?: boolean;
  autoFocus?: boolean;
  autoComplete?: string;
  className?: string;
  /** Inside compact repeated rows the label is read by screen readers but not shown. */
  hideLabel?: boolean;
}

/** What a text field's input gets whatever its type. */
function inputProps(
  props: Pick<TextFieldProps<FieldValues>, 'placeholder' | 'autoFocus' | 'autoComplete'>,
  id: string,
  error?: string,
) {
  return {
    placeholder: props.placeholder,
    autoFocus: props.autoFocus,
    autoComplete: props.autoComplete,
    intent: error ? Intent.DANGER : Intent.NONE,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, error),
    fill: true,
  };
}

export function TextField<Values extends FieldValues>(props: TextFieldProps<Values>) {
  const id = useId();
  const { register } = useFormContext<Values>();
  const error = useFieldError(props.name);
  const { ref, ...field } = register(props.name);
  return (
    <FieldShell
      id={id}
      label={props.label}
      error={error}
      helper={props.helper}
      optional={props.optional}
      className={[props.className, props.hideLabel && 'label-hidden'].filter(Boolean).join(' ') || undefined}
    >
      {props.type === 'password' ? (
        <PasswordInput id={id} inputRef={ref} {...field} {...inputProps(props, id, error)} />
      ) : (
        <InputGroup id={id} inputRef={ref} {...field} type={props.type ?? 'text'} {...inputProps(props, id, error)} />
      )}
    </FieldShell>
  );
}

interface TextAreaFieldProps<Values extends FieldValues> {
  name: Path<Values>;
  label: ReactNode;
  rows?: number;
  placeholder?: string;
  helper?: ReactNode;
  optional?: boolean;
  autoFocus?: boolean;
  className?: string;
}

export function TextAreaField<Values extends FieldValues>(props: TextAreaFieldProps<Values>) {
  const id = useId();
  const { register } = useFormContext<Values>();
  const error = useFieldError(props.name);
  const { ref, ...field } = register(props.name);
  return (
    <FieldShell
      id={id}
      label={props.label}
      error={error}
      helper={props.helper}
      optional={props.optional}
      className={props.className}
    >
      <TextArea
        id={id}
        inputRef={ref}
        {...field}
        rows={props.rows ?? 4}
        placeholder={props.placeholder}
        autoFocus={props.autoFocus}
        intent={error ? Intent.DANGER : Intent.NONE}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        fill
      />
    </FieldShell>
  );
}

export function CheckboxField<Values extends FieldValues>({ name, label }: { name: Path<Values>; label: string }) {
  const { register } = useFormContext<Values>();
  const { ref, ...field } = register(name);
  return <Checkbox inputRef={ref} {...field} label={label} />;
}

interface SelectFieldProps<Values extends FieldValues> {
  name: Path<Values>;
  label: ReactNode;
  options: { value: string; label: string }[];
}

export function SelectField<Values extends FieldValues>({ name, label, options }: SelectFieldProps<Values>) {
  const id = useId();
  const { register } = useFormContext<Values>();
  const error = useFieldError(name);
  const { ref, ...field } = register(name);
  return (
    <FieldShell id={id} label={label} error={error}>
      <HTMLSelect
        id={id}
        ref={ref}
        {...field}
        options={options}
        fill
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
      />
    </FieldShell>
  );
}

/** An error that belongs to a group (e.g. 'At least one tag is required'), not to one input. */
export function GroupError({ name }: { name: string }) {
  const error = useFieldError(name);
  return error ? (
    <div className="field-error" role="alert">
      {error}
    </div>
  ) : null;
}
