/**
 * Creations from the console carry a client-generated id (DESIGN habit 17, migration 20261202120000):
 * a creation replayed however late, long after its Idempotency-Key was forgotten, answers the row it
 * made instead of making a second one. The row is looked up first; two replays racing past that
 * look-up meet at the unique index, and the loser answers the winner's row.
 */
import type { Db } from './connection.js';
import type { TableName } from './tables.js';

/** SQLite and PostgreSQL name a unique-key violation differently. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** The row a creation with this client id made, if any. */
export async function rowWithClientId<Row>(db: Db, table: TableName, clientId: string): Promise<Row | undefined> {
  // Knex cannot type a query on a table named by a variable: read as the caller's row.
  return (await db<Record<string, unknown>>(table).where({ client_id: clientId }).first()) as Row | undefined;
}

/**
 * Runs `create` unless a row with `clientId` exists already, which `existing` then answers. Without a
 * client id (scripts, other callers) it just creates. `create` writes `client_id` itself.
 */
export async function createOnce<Entity>(
  clientId: string | undefined,
  existing: (clientId: string) => Promise<Entity | undefined>,
  create: () => Promise<Entity>,
): Promise<Entity> {
  if (clientId === undefined) return create();
  const made = await existing(clientId);
  if (made) return made;
  try {
    return await create();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // A concurrent replay of the same creation committed first (or another unique rule refused it).
    const winner = await existing(clientId);
    if (winner) return winner;
    throw error;
  }
}

/** The column of a creation's row: its client id, or null without one. */
export function clientIdColumn(input: { clientId?: string | undefined }): { client_id: string | null } {
  return { client_id: input.clientId ?? null };
}
