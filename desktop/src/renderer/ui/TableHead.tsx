/**
 * The header row of every console table (issue 21 item 6): one `th` per column, a sortable column's
 * label a button that sorts by it (again: the other way), its state in `aria-sort` on the `th`. The
 * row stays in view while the table scrolls (`.table-scroll` in console.css). Who holds the sort is
 * the caller's business: the server through the URL, or the screen itself for a list it holds whole.
 */
import { Button } from '@blueprintjs/core';
import type { SortOrder } from '@npo/shared';

export interface SortState<K extends string> {
  sort: K;
  order: SortOrder;
}

export interface TableColumn<K extends string> {
  label: string;
  /** The name the list sorts this column by; without one the column does not sort. */
  sort?: K;
  /** The order of a first click (dates read best newest first); ascending otherwise. */
  firstOrder?: SortOrder;
  /** `hidden`: for screen readers only (an actions column); `muted`: shown quietly. */
  look?: 'hidden' | 'muted';
}

interface TableHeadProps<K extends string> {
  columns: readonly (TableColumn<K> | false)[];
  sort?: SortState<K> | undefined;
  onSort?: (next: SortState<K>) => void;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

export function TableHead<K extends string>({ columns, sort, onSort }: TableHeadProps<K>) {
  return (
    <thead className="table-head">
      <tr>
        {columns.map((column) =>
          column ? <HeaderCell key={column.label} column={column} sort={sort} onSort={onSort} /> : null,
        )}
      </tr>
    </thead>
  );
}

function HeaderCell<K extends string>({
  column,
  sort,
  onSort,
}: { column: TableColumn<K> } & Omit<TableHeadProps<K>, 'columns'>) {
  if (column.look === 'hidden') {
    return (
      <th scope="col">
        <span className="sr-only">{column.label}</span>
      </th>
    );
  }
  if (!column.sort || !onSort) {
    return (
      <th scope="col">
        {column.look === 'muted' ? <span className="bp6-text-muted">{column.label}</span> : column.label}
      </th>
    );
  }
  const key = column.sort;
  const active = sort?.sort === key;
  const order = active ? sort.order : undefined;
  const next: SortOrder = order ? (order === 'asc' ? 'desc' : 'asc') : (column.firstOrder ?? 'asc');
  return (
    <th scope="col" aria-sort={order ? ARIA_SORT[order] : 'none'}>
      <Button
        className="sort-button"
        variant="minimal"
        size="small"
        text={column.label}
        endIcon={order === 'asc' ? 'chevron-up' : order === 'desc' ? 'chevron-down' : 'double-caret-vertical'}
        onClick={() => onSort({ sort: key, order: next })}
      />
    </th>
  );
}

/** A list the screen holds whole, in the chosen order: text in the console's language, numbers and dates as such. */
export function sortedBy<T, K extends string>(
  items: readonly T[],
  state: SortState<K> | undefined,
  valueOf: (item: T, key: K) => string | number | null,
): T[] {
  if (!state) return [...items];
  const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  const sign = state.order === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => {
    const left = valueOf(a, state.sort);
    const right = valueOf(b, state.sort);
    // Nothing (never seen, no date) goes last either way.
    if (left === null || right === null) return left === right ? 0 : left === null ? 1 : -1;
    const compared =
      typeof left === 'number' && typeof right === 'number'
        ? left - right
        : collator.compare(String(left), String(right));
    return sign * compared;
  });
}
