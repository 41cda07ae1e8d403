import { StorageSchemaError } from "@baton/core";
import { afterEach, beforeAll, expect, it } from "vitest";
import { createRedisStorage, DEFAULT_KEY_PREFIX, SCHEMA_VERSION } from "../src/index.js";
import { deleteUnder, describeWithRedis, directClient, quitAfterAll, REDIS_URL, uniquePrefix } from "./support/redis.js";

import { expectErrorOf, expectRejectionOf } from "@baton/testing/storage-conformance";
describeWithRedis("schema version key", () => {
  const direct = directClient();
  const prefixes: string[] = [];
  beforeAll(() => direct.connect());
  quitAfterAll(direct);
  afterEach(async () => {
    for (const prefix of prefixes.splice(0)) await deleteUnder(direct, prefix);
  });
  const fresh = (): string => {
    const prefix = uniquePrefix();
    prefixes.push(prefix);
    return prefix;
  };

  it("writes the schema version under a fresh prefix, and opens its own data again", async () => {
    const prefix = fresh();
    const storage = await createRedisStorage({ url: REDIS_URL, keyPrefix: prefix });
    expect(storage.keyPrefix).toBe(prefix);
    expect(await direct.get(`${prefix}schema`)).toBe(String(SCHEMA_VERSION));
    await storage.appendMessages("c", [{ role: "user", parts: [{ type: "text", text: "hi" }] }]);
    await storage.close();
    const again = await createRedisStorage({ url: REDIS_URL, keyPrefix: prefix });
    expect(await again.loadMessages("c")).toHaveLength(1);
    await again.close();
  });

  it("refuses data written by a newer adapter, naming the versions", async () => {
    const prefix = fresh();
    await direct.set(`${prefix}schema`, String(SCHEMA_VERSION + 1));
    const error = await createRedisStorage({ url: REDIS_URL, keyPrefix: prefix }).catch((failure: unknown) => failure);
    expectErrorOf(error, StorageSchemaError);
    expect(error).toMatchObject({ code: "STORAGE_SCHEMA" });
    expect((error as Error).message).toContain(`schema version ${SCHEMA_VERSION + 1}`);
    expect((error as Error).message).toContain("Upgrade @baton/storage-redis");
    expect(await direct.get(`${prefix}schema`)).toBe(String(SCHEMA_VERSION + 1));
  });

  it("refuses a schema key that does not hold a version", async () => {
    const prefix = fresh();
    await direct.set(`${prefix}schema`, "banana");
    await expectRejectionOf(createRedisStorage({ url: REDIS_URL, keyPrefix: prefix }), StorageSchemaError);
  });

  it("refuses through a user's client too, and leaves that client open", async () => {
    const prefix = fresh();
    await direct.set(`${prefix}schema`, "99");
    await expectRejectionOf(createRedisStorage({ client: direct, keyPrefix: prefix }), StorageSchemaError);
    expect(await direct.ping()).toBe("PONG");
  });

  it("defaults the key prefix to baton:", () => {
    expect(DEFAULT_KEY_PREFIX).toBe("baton:");
  });
});
