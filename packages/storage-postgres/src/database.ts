import type pg from "pg";
import { toStorageError } from "./errors.js";
import type { Statement } from "./sql.js";
import type { Statements } from "./statements.js";

/** Runs the storage's statements on its pool, turning driver failures into Baton errors. */
export class Database {
  constructor(
    /** The pool the statements run on. */
    readonly pool: pg.Pool,
    /** Where the pool connects, for error messages. */
    readonly target: string,
  ) {}

  /** Runs a prepared statement and returns its rows; a failure names `operation`. */
  async rows<Row extends pg.QueryResultRow>(query: Statement, values: readonly unknown[], operation: string): Promise<Row[]> {
    try {
      const result = await this.pool.query<Row>({ name: query.name, text: query.text, values: [...values] });
      return result.rows;
    } catch (error) {
      throw toStorageError(error, operation, this.target);
    }
  }
}

/** What every operation works with: the database and the statements for the storage's schema. */
export interface PostgresContext {
  readonly db: Database;
  readonly sql: Statements;
}
