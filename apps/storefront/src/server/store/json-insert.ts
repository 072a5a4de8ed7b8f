import type { Database } from '@vitrine/database';
import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

type Executor = Database['orm'];

/**
 * Rows of one table ready for `insertJsonRows`: the Drizzle keys of the columns they carry, and the rows as
 * ONE JSON array of objects keyed by column name. Plain strings: made off the database's thread (the import's
 * worker) and posted to it.
 */
export interface JsonRows {
  readonly keys: readonly string[];
  readonly json: string;
}

/** The rows as `JsonRows` (undefined when there are none); columns the first row leaves `undefined` are left out. */
export function jsonRowsOf<TTable extends PgTable>(
  table: TTable,
  rows: readonly TTable['$inferInsert'][],
): JsonRows | undefined {
  const first = rows[0];
  if (first === undefined) return undefined;
  const columns = Object.entries(getTableColumns(table)).filter(
    ([key]) => (first as Record<string, unknown>)[key] !== undefined,
  );
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = (row as Record<string, unknown>)[key];
      record[column.name] = value instanceof Date ? value.toISOString() : value;
    }
    return record;
  });
  return { keys: columns.map(([key]) => key), json: JSON.stringify(records) };
}

/**
 * Inserts many rows in one statement that carries them as ONE jsonb parameter
 * (`INSERT … SELECT … FROM jsonb_to_recordset($1)`): the database parses them in C, where thousands of
 * bind parameters cost more to send and bind than the rows do to write (tenfold on PGlite). The columns and
 * their types come from the table's Drizzle definition, so a column added to a table needs nothing here;
 * columns the rows leave `undefined` keep their defaults. With `upsert`, a row whose `target` column
 * exists already updates every other column it carries, plus the `also` assignments.
 */
export async function insertAsJson<TTable extends PgTable>(
  tx: Executor,
  table: TTable,
  rows: readonly TTable['$inferInsert'][],
  upsert?: { readonly target: string; readonly also?: SQL },
): Promise<void> {
  await insertJsonRows(tx, table, jsonRowsOf(table, rows), upsert);
}

/** `insertAsJson` of rows already made into `JsonRows` (nothing to do when `rows` is undefined). */
export async function insertJsonRows(
  tx: Executor,
  table: PgTable,
  rows: JsonRows | undefined,
  upsert?: { readonly target: string; readonly also?: SQL },
): Promise<void> {
  if (rows === undefined) return;
  const all = getTableColumns(table);
  const columns = rows.keys.map((key) => {
    const column = all[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return column;
  });
  const names = sql.raw(columns.map((column) => `"${column.name}"`).join(', '));
  const types = sql.raw(
    columns.map((column) => `"${column.name}" ${column.getSQLType()}`).join(', '),
  );
  let conflict = sql``;
  if (upsert) {
    const updates = columns
      .filter((column) => column.name !== upsert.target)
      .map((column) => `"${column.name}" = excluded."${column.name}"`)
      .join(', ');
    conflict = sql`ON CONFLICT (${sql.identifier(upsert.target)}) DO UPDATE SET ${sql.raw(updates)}${
      upsert.also ? sql`, ${upsert.also}` : sql``
    }`;
  }
  await tx.execute(sql`
    INSERT INTO ${sql.identifier(getTableName(table))} (${names})
    SELECT ${names} FROM jsonb_to_recordset(${rows.json}::jsonb) AS r(${types})
    ${conflict}`);
}
