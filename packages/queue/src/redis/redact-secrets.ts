import { passwordVariants, urlPassword } from "@baton/core/secrets";
import type { Redis, RedisOptions } from "ioredis";

/**
 * The passwords of a queue's connection, in the forms they take in text, to keep out of
 * its errors with `redactError` of `@baton/core/secrets`: a `redis://` URL's (also when
 * the URL cannot be parsed), and the `password` and `sentinelPassword` of ioredis
 * options or of an ioredis client's options.
 */
export function secretsOf(connection: string | RedisOptions | Redis | undefined): string[] {
  if (typeof connection === "string") return passwordVariants(urlPassword(connection));
  if (typeof connection !== "object" || connection === null) return [];
  const options = ("options" in connection && typeof connection.options === "object" ? connection.options : connection) as RedisOptions;
  return passwordVariants(options.password, options.sentinelPassword);
}
