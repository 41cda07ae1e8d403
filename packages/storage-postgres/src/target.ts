import type pg from "pg";

/** Where a connection string points, without its password (for messages). */
export function describeConnectionString(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    const database = url.pathname.replace(/^\//, "");
    return `${url.hostname || "localhost"}:${url.port || "5432"}${database ? `/${database}` : ""}`;
  } catch {
    return "the configured server";
  }
}

/** A connection string with its password replaced, safe to print in a command. */
export function redactConnectionString(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    if (url.password === "") return connectionString;
    url.password = "PASSWORD";
    return url.toString();
  } catch {
    return "<connection-string>";
  }
}

/** Where a pool connects, without its password (for messages). */
export function describePool(pool: pg.Pool): string {
  const options = (pool as { options?: { connectionString?: string; host?: string; port?: number; database?: string } }).options ?? {};
  if (options.connectionString) return describeConnectionString(options.connectionString);
  const host = options.host ?? process.env.PGHOST ?? "localhost";
  const port = options.port ?? process.env.PGPORT ?? 5432;
  const database = options.database ?? process.env.PGDATABASE;
  return `${host}:${port}${database ? `/${database}` : ""}`;
}
