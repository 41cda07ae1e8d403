// The shared PostgreSQL of the suite (never stopped nor touched otherwise): its URL,
// whether it answers, and one schema per trial, dropped at the trial's end.
import pg from "pg";

/** The PostgreSQL the trials use (`BATON_TEST_POSTGRES_URL` for another). */
export const POSTGRES_URL = process.env.BATON_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** Why PostgreSQL cannot be used, or undefined when it answers. */
export async function postgresUnreachableReason() {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3_000 });
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.query("SELECT 1");
    return undefined;
  } catch (error) {
    return `PostgreSQL is not reachable at ${POSTGRES_URL} (${error instanceof Error ? error.message || error.name : String(error)})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The URL of the same database reached at `port` on 127.0.0.1 (a relay), with `password` in it (the trust-auth server ignores it). */
export function postgresUrlThrough(port, password) {
  const url = new URL(POSTGRES_URL);
  url.username ||= "postgres";
  url.password = password;
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return url.toString();
}

/** Drops schemas, directly (not through any relay). */
export async function dropSchemas(schemas) {
  if (schemas.length === 0) return;
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  client.on("error", () => undefined);
  await client.connect();
  try {
    for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}
