/**
 * A list of rows (bullet points, objectives, tags) that always keeps one row: SPEC 5 requires at
 * least one, so Remove is disabled while only one is left.
 */
import { Button } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useFieldArray, useFormContext, type ArrayPath, type FieldArray, type FieldValues } from 'react-hook-form';
import { GroupError } from './fields';

interface RowsFieldProps<Values extends FieldValues, Name extends ArrayPath<Values>> {
  name: Name;
  legend: string;
  /** Singular noun for the buttons: "Add point", "Remove point 2". */
  itemLabel: string;
  emptyRow: FieldArray<Values, Name>;
  renderRow: (index: number) => ReactNode;
  /** Rows of a single field: no frame around each row. */
  compact?: boolean;
}

export function RowsField<Values extends FieldValues, Name extends ArrayPath<Values>>({
  name,
  legend,
  itemLabel,
  emptyRow,
  renderRow,
  compact = false,
}: RowsFieldProps<Values, Name>) {
  const { control } = useFormContext<Values>();
  const { fields, append, remove } = useFieldArray<Values, Name>({ control, name });
  return (
    <fieldset className={`rows-field${compact ? ' rows-field-compact' : ''}`}>
      <legend className="rows-legend">{legend}</legend>
      {fields.map((field, index) => (
        <div className="rows-row" key={field.id}>
          <div className="rows-row-fields">{renderRow(index)}</div>
          <Button
            icon="trash"
            variant="minimal"
            intent="danger"
            aria-label={`Remove ${itemLabel} ${index + 1}`}
            title={fields.length === 1 ? `At least one ${itemLabel} is required` : `Remove ${itemLabel}`}
            disabled={fields.length === 1}
            onClick={() => remove(index)}
          />
        </div>
      ))}
      <GroupError name={name} />
      <Button icon="add" variant="outlined" text={`Add ${itemLabel}`} onClick={() => append(emptyRow)} />
    </fieldset>
  );
}
