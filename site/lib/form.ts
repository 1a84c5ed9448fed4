/**
 * A small form state for the site's few forms, validated by the shared zod schemas (SPEC 5's exact
 * messages). `onChange` forms check each field as it is typed; the others check on submit, then on
 * every change after that, so a corrected field clears its message at once.
 */
import { useState } from 'react';

/** What the site needs of a zod schema (kept structural, so this file does not import zod). */
export interface Schema<Output> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: Output }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

export type FieldErrors<Name extends string> = Partial<Record<Name, string>>;

type Result<Name extends string, Output> = { data: Output; errors: null } | { data: null; errors: FieldErrors<Name> };

export function validate<Name extends string, Output>(
  schema: Schema<Output>,
  values: Record<Name, string>,
): Result<Name, Output> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: null };
  const errors: FieldErrors<Name> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '') as Name;
    errors[field] ??= issue.message;
  }
  return { data: null, errors };
}

const allFields = <Name extends string>(values: Record<Name, string>) => new Set(Object.keys(values) as Name[]);

export interface FormOptions<Name extends string, Output> {
  initialValues: Record<Name, string>;
  schema: Schema<Output> | null;
  mode?: 'onChange' | 'onSubmit';
}

export function useSchemaForm<Name extends string, Output>({
  initialValues,
  schema,
  mode = 'onSubmit',
}: FormOptions<Name, Output>) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors<Name>>({});
  const [checked, setChecked] = useState<ReadonlySet<Name>>(new Set());
  const [submitted, setSubmitted] = useState(false);

  function errorsFor(next: Record<Name, string>, fields: ReadonlySet<Name>): FieldErrors<Name> {
    if (!schema) return {};
    const all: FieldErrors<Name> = validate(schema, next).errors ?? {};
    const shown: FieldErrors<Name> = {};
    for (const field of fields) if (all[field]) shown[field] = all[field];
    return shown;
  }

  function setValue(name: Name, value: string): void {
    const next: Record<Name, string> = { ...values, [name]: value };
    setValues(next);
    if (mode === 'onChange' || submitted) {
      const fields = new Set(checked).add(name);
      setChecked(fields);
      setErrors(errorsFor(next, submitted ? allFields(next) : fields));
    }
  }

  // A schema that arrives after typing began (loaded on demand) checks what was typed meanwhile:
  // only its arrival matters here, not every keystroke.
  const [checkedWith, setCheckedWith] = useState(schema);
  if (checkedWith !== schema) {
    setCheckedWith(schema);
    if (schema && (checked.size > 0 || submitted))
      setErrors(errorsFor(values, submitted ? allFields(values) : checked));
  }

  /** Checks every field and shows every message; the parsed values when all are valid. */
  function validateAll(schemaNow: Schema<Output> | null = schema): Output | null {
    setSubmitted(true);
    if (!schemaNow) return null;
    const result = validate(schemaNow, values);
    setErrors(result.errors ?? {});
    return result.data;
  }

  /**
   * The server's field messages (a 400's `errors`, as the shared client's ApiError carries them) on
   * this form's fields; whether any was one of them. Anything else is left to the caller's alert.
   */
  function showServerErrors(failure: unknown): boolean {
    const listed = (failure as { errors?: unknown } | null)?.errors;
    if (!Array.isArray(listed)) return false;
    const shown: FieldErrors<Name> = {};
    for (const item of listed as { field?: unknown; message?: unknown }[]) {
      const field = item.field as Name;
      if (typeof item.message === 'string' && Object.hasOwn(values, field)) shown[field] ??= item.message;
    }
    if (Object.keys(shown).length === 0) return false;
    setErrors(shown);
    return true;
  }

  function reset(): void {
    setValues(initialValues);
    setErrors({});
    setChecked(new Set());
    setSubmitted(false);
  }

  /** The value, message and change handler of one field, to spread onto its input component. */
  function bind(name: Name) {
    return { value: values[name], error: errors[name], onValue: (value: string) => setValue(name, value) };
  }

  return { values, errors, setValue, bind, validateAll, showServerErrors, reset };
}
