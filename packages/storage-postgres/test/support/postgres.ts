import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, it } from "vitest";

/** The test server: `BATON_TEST_POSTGRES_URL`, else the local trust-auth server's `test` database. */
export const CONNECTION_STRING = process.env.BATON_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function probe(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: CONNECTION_STRING, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message || String((error as { code?: string }).code) : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Why PostgreSQL cannot be used (undefined when it can), probed once per test file. */
export const unavailable: string | undefined = await probe();

/**
 * A `describe` for tests that need PostgreSQL. When the server is unreachable: with
 * `CI` set the block fails loudly; without it, it is skipped with a visible reason.
 */
export function describePostgres(name: string, body: () => void): void {
  if (unavailable === undefined) {
    describe(name, body);
    return;
  }
  const reason = `PostgreSQL is unreachable at ${CONNECTION_STRING} (${unavailable})`;
  if (process.env.CI) {
    describe(name, () => {
      beforeAll(() => {
        throw new Error(`${reason}. CI is set, so the PostgreSQL tests fail instead of being skipped.`);
      });
      it("needs PostgreSQL", () => undefined);
    });
    return;
  }
  console.warn(`Skipping "${name}": ${reason}. Start PostgreSQL or set BATON_TEST_POSTGRES_URL.`);
  describe.skip(`${name} (skipped: ${reason})`, body);
}

/** A fresh schema name for one test. */
export function uniqueSchema(): string {
  return `baton_test_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
}

/** A client for checking and cleaning up the test database directly. */
export async function adminClient(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: CONNECTION_STRING });
  await client.connect();
  return client;
}

/** Schemas to drop after the file's tests; call once per file that creates schemas by hand. */
export function dropSchemasAfterAll(): (schema: string) => string {
  const schemas: string[] = [];
  afterAll(async () => {
    if (schemas.length === 0 || unavailable !== undefined) return;
    const client = await adminClient();
    try {
      for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema.replace(/"/g, '""')}" CASCADE`);
    } finally {
      await client.end();
    }
  });
  return (schema) => {
    schemas.push(schema);
    return schema;
  };
}
