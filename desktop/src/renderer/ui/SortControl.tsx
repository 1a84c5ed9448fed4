/**
 * The sort of a list shown as cards rather than a table (issue 21 item 6): the column in a labelled
 * select and its way in a button, both plain controls a keyboard reaches. The same columns as a
 * table's header (ui/TableHead) name them, so the URL's `sort` and `order` read alike on every screen.
 * A list whose own order is the server's (no default sort) offers it as its first choice.
 */
import { Button, FormGroup, HTMLSelect } from '@blueprintjs/core';
import type { SortOrder } from '@npo/shared';
import { useId } from 'react';
import type { SortState, TableColumn } from './TableHead';

interface SortControlProps<K extends string> {
  /** The sortable columns; the first choice shown when there is no sort, if the list has one of its own. */
  columns: readonly (TableColumn<K> & { sort: K })[];
  sort: SortState<K> | undefined;
  onSort: (next: SortState<K> | undefined) => void;
  /** The name of the list's own order, when the server has one without a column ("Next upcoming first"). */
  ownOrder?: string;
}

const ORDER_TEXT: Record<SortOrder, string> = { asc: 'Ascending', desc: 'Descending' };

export function SortControl<K extends string>({ columns, sort, onSort, ownOrder }: SortControlProps<K>) {
  const id = useId();
  const choose = (value: string) => {
    const column = columns.find((candidate) => candidate.sort === value);
    onSort(column ? { sort: column.sort, order: column.firstOrder ?? 'asc' } : undefined);
  };
  const options = [
    ...(ownOrder ? [{ value: '', label: ownOrder }] : []),
    ...columns.map((column) => ({ value: column.sort, label: column.label })),
  ];
  return (
    <div className="sort-control">
      <FormGroup label="Sort by" labelFor={`${id}-sort`} inline>
        <HTMLSelect
          id={`${id}-sort`}
          value={sort?.sort ?? ''}
          onChange={(event) => choose(event.currentTarget.value)}
          options={options}
        />
      </FormGroup>
      {sort && (
        <Button
          variant="outlined"
          icon={sort.order === 'asc' ? 'sort-asc' : 'sort-desc'}
          text={ORDER_TEXT[sort.order]}
          onClick={() => onSort({ sort: sort.sort, order: sort.order === 'asc' ? 'desc' : 'asc' })}
        />
      )}
    </div>
  );
}
