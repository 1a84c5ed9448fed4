/**
 * The service of a plain content list (membership cards, testimonials, FAQs): a public page of the
 * active items, the admin search, and create, update and delete with If-Match. A module spreads it
 * and replaces or adds what its rules need (FAQ positions, the featured testimonial).
 */
import type { SortedAdminListQuery } from '@npo/shared';
import { clientIdColumn, createOnce } from '../db/client-ids.js';
import type { ListSort, OrderBy } from '../db/paging.js';
import type { ExpectedRevision } from '../db/revisions.js';
import type { EditOptions, Page, PageResult, QueryFilter, RowValues } from '../db/table.js';
import type { TableName } from '../db/tables.js';
import type { AppDeps } from '../deps.js';
import { found, notFound } from '../errors.js';

/** What the service needs of the module's repository (tableRepository plus the module's search and row). */
export interface CrudRepository<Name extends TableName, Input, Entity, Sort extends string> {
  page(page: Page, filter?: QueryFilter, orderBy?: OrderBy): Promise<PageResult<Entity>>;
  insert(values: RowValues<Name>, now: Date): Promise<Entity>;
  findByClientId(clientId: string): Promise<Entity | undefined>;
  update(id: number, values: RowValues<Name>, now: Date, options?: EditOptions): Promise<Entity | undefined>;
  remove(id: number, options?: EditOptions): Promise<boolean>;
  /** The admin search (`q`) over the module's own columns. */
  matching(q: string | undefined): QueryFilter;
  /** The order the console's sort asks for (the module's allow-listed columns), the list's own without one. */
  orderOf(sort: ListSort<Sort>): OrderBy;
  toRow(input: Input): RowValues<Name>;
}

const activeOnly: QueryFilter = (query) => query.where({ is_active: true });

/** `label` names the item in messages: "Testimonial not found". */
export function createCrudService<
  Name extends TableName,
  Input extends { clientId?: string | undefined },
  Entity,
  Sort extends string,
>(deps: AppDeps, items: CrudRepository<Name, Input, Entity, Sort>, label: string) {
  const now = () => deps.clock.now();
  return {
    listPublic: (page: Page) => items.page(page, activeOnly),
    list: (query: SortedAdminListQuery<Sort>) => items.page(query, items.matching(query.q), items.orderOf(query)),
    /** A replay of a console creation (its client id) answers the row the first one made. */
    create: (input: Input): Promise<Entity> =>
      createOnce(
        input.clientId,
        (clientId) => items.findByClientId(clientId),
        () => items.insert({ ...items.toRow(input), ...clientIdColumn(input) } as RowValues<Name>, now()),
      ),
    async update(id: number, input: Input, expected?: ExpectedRevision): Promise<Entity> {
      return found(await items.update(id, items.toRow(input), now(), { expected }), label);
    },
    async remove(id: number, expected?: ExpectedRevision): Promise<void> {
      if (!(await items.remove(id, { expected }))) throw notFound(label);
    },
  };
}
