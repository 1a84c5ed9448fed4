/** A select field, apart from Field.tsx: only the profile form has one, and every page loads Field.tsx. */
import { useId, type ReactNode } from 'react';
import { describedBy, FieldFrame } from './Field';

type SelectProps = {
  label: string;
  value: string;
  error?: string | undefined;
  hint?: ReactNode;
  onValue: (value: string) => void;
  options: readonly { value: string; label: string }[];
  /** Several choices, kept as a comma-separated value ("en,hi"). */
  multiple?: boolean;
  /** The first, empty choice of a single select ("Not given"). */
  emptyLabel?: string;
  size?: number;
  id?: string;
};

export function SelectField({
  label,
  value,
  error,
  hint,
  onValue,
  options,
  multiple,
  emptyLabel,
  size,
  id: givenId,
}: SelectProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const chosen = multiple ? (value === '' ? [] : value.split(',')) : value;
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <select
        id={id}
        className="input input--select"
        multiple={multiple}
        size={size}
        value={chosen}
        onChange={(event) =>
          onValue(
            multiple
              ? Array.from(event.target.selectedOptions, (option) => option.value).join(',')
              : event.target.value,
          )
        }
        {...describedBy(id, error, hint)}
      >
        {!multiple && <option value="">{emptyLabel ?? 'Not given'}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
