import { StorageSchemaError } from "@baton/core";
import type { Redis } from "ioredis";
import type { KeyLayout } from "./keys.js";

/** The layout version of the data this adapter writes (stored under `${keyPrefix}schema`). */
export const SCHEMA_VERSION = 1;

/**
 * Writes the schema version under the prefix when none is stored, and refuses data
 * written by a newer adapter (or a schema key that is not a version).
 * @throws StorageSchemaError
 */
export async function checkSchema(client: Redis, keys: KeyLayout): Promise<void> {
  await client.set(keys.schema, String(SCHEMA_VERSION), "NX");
  const stored = await client.get(keys.schema);
  if (stored === null || !/^[1-9][0-9]*$/.test(stored)) {
    throw new StorageSchemaError(
      `Key "${keys.schema}" holds ${JSON.stringify(stored)}, not a Baton storage schema version: the key prefix "${keys.prefix}" is used by something else.`,
      {
        details: { key: keys.schema },
      },
    );
  }
  const version = Number(stored);
  if (version > SCHEMA_VERSION) {
    throw new StorageSchemaError(
      `The Redis data under "${keys.prefix}" has schema version ${version}, written by a newer @baton/storage-redis; this version reads schema ${SCHEMA_VERSION}. Upgrade @baton/storage-redis.`,
      { details: { key: keys.schema, stored: version, supported: SCHEMA_VERSION } },
    );
  }
}
