import { MIN_SEARCHED_SECRET_LENGTH, passwordVariants, urlPassword } from "@baton/core/secrets";
import type pg from "pg";

/** The password of a connection string: a URL's, or the `password=…` of a `key=value` string. */
function passwordOfConnectionString(connectionString: string | undefined): string | undefined {
  if (connectionString === undefined) return undefined;
  return urlPassword(connectionString) ?? /(?:^|\s)password\s*=\s*'?([^'\s]+)/.exec(connectionString)?.[1];
}

/**
 * The passwords the storage's connections may carry, to keep out of its errors with
 * `redactError` and `redactText` of `@baton/core/secrets`: the one in the connection
 * string (as written, URL-encoded, and decoded), the pool's `password` option, and
 * `PGPASSWORD` (pg's fallback). Passwords too short to search for in text are left out.
 */
export function passwordsOf(connectionString: string | undefined, pool?: pg.Pool): string[] {
  const options = (pool as { options?: { password?: unknown; connectionString?: string } } | undefined)?.options;
  return passwordVariants(
    passwordOfConnectionString(connectionString),
    passwordOfConnectionString(options?.connectionString),
    options?.password,
    process.env.PGPASSWORD,
  ).filter((password) => password.length >= MIN_SEARCHED_SECRET_LENGTH);
}
