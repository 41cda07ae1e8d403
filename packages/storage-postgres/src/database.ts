import type pg from "pg";
import { StorageError } from "@baton/core";
import { toStorageError } from "./errors.js";
import type { Statement } from "./sql.js";

/** Runs the storage's statements on its pool, turning driver failures into Baton errors. */
export class Database {
  private closed = false;

  constructor(
    /** The pool the statements run on. */
    readonly pool: pg.Pool,
    /** Where the pool connects, for error messages. */
    readonly target: string,
  ) {}

  /** Runs a prepared statement and returns its rows. */
  async rows<Row extends pg.QueryResultRow>(query: Statement, values: readonly unknown[], operation: string): Promise<Row[]> {
    if (this.closed) throw new StorageError(`The PostgreSQL storage is closed (${operation}).`, { retryable: false });
    try {
      const result = await this.pool.query<Row>({ name: query.name, text: query.text, values: [...values] });
      return result.rows;
    } catch (error) {
      throw toStorageError(error, operation, this.target);
    }
  }

  /** Marks the database closed: later calls fail with a clear error. */
  markClosed(): void {
    this.closed = true;
  }
}
