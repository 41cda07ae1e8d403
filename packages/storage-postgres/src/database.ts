import type pg from "pg";
import { toStorageError } from "./errors.js";
import type { Statement } from "./sql.js";
import type { Statements } from "./statements.js";

/** A query as pg's `Client#query` reads it: pg honours a per-query `query_timeout` its types do not list. */
type TimedQueryConfig = pg.QueryConfig & { readonly query_timeout?: number };

/** Runs the storage's statements on its pool, turning driver failures into Baton errors. */
export class Database {
  constructor(
    /** The pool the statements run on. */
    readonly pool: pg.Pool,
    /** Where the pool connects, for error messages. */
    readonly target: string,
    /** The connection's passwords, kept out of errors. */
    readonly secrets: readonly string[] = [],
    /** Each statement's `query_timeout` in ms (undefined: the pool's own). */
    readonly queryTimeoutMs?: number,
  ) {}

  /** Runs a prepared statement and returns its rows; a failure names `operation`. */
  async rows<Row extends pg.QueryResultRow>(query: Statement, values: readonly unknown[], operation: string): Promise<Row[]> {
    const config: TimedQueryConfig = {
      name: query.name,
      text: query.text,
      values: [...values],
      ...(this.queryTimeoutMs ? { query_timeout: this.queryTimeoutMs } : {}),
    };
    try {
      const result = await this.pool.query<Row>(config);
      return result.rows;
    } catch (error) {
      throw toStorageError(error, operation, this.target, this.secrets);
    }
  }
}

/** What every operation works with: the database and the statements for the storage's schema. */
export interface PostgresContext {
  readonly db: Database;
  readonly sql: Statements;
}
