import { StorageError } from "@baton/core";
import { Redis } from "ioredis";
import { afterEach, expect, it } from "vitest";
import { CLIENT_OPTIONS, createRedisStorage } from "../src/index.js";
import { deleteUnder, describeWithRedis, directClient, REDIS_URL, uniquePrefix } from "./support/redis.js";

import { expectErrorOf } from "@baton/testing/storage-conformance";
it("fails promptly and clearly when nothing listens on the port", async () => {
  const started = Date.now();
  const error = await createRedisStorage({ url: "redis://127.0.0.1:1", keyPrefix: uniquePrefix() }).catch((failure: unknown) => failure);
  expect(Date.now() - started).toBeLessThan(10_000);
  expectErrorOf(error, StorageError);
  expect(error).toMatchObject({ code: "STORAGE_ERROR" });
  expect((error as Error).message).toMatch(/^Could not connect to Redis at redis:\/\/127\.0\.0\.1:1: .*ECONNREFUSED/);
});

it("keeps the password out of the error message", async () => {
  const error = await createRedisStorage({ url: "redis://user:hunter2@127.0.0.1:1", keyPrefix: uniquePrefix() }).catch((failure: unknown) => failure);
  expectErrorOf(error, StorageError);
  expect((error as Error).message).not.toContain("hunter2");
  expect((error as Error).message).toContain("redis://user:***@127.0.0.1:1");
});

it("gives its own clients a connect timeout, a command timeout and no offline queue", () => {
  expect(CLIENT_OPTIONS).toMatchObject({
    connectTimeout: 2_000,
    commandTimeout: 2_000,
    enableOfflineQueue: false,
    autoResendUnfulfilledCommands: false,
    maxRetriesPerRequest: 1,
  });
});

describeWithRedis("clients", () => {
  const prefixes: string[] = [];
  afterEach(async () => {
    const direct = directClient();
    await direct.connect();
    for (const prefix of prefixes.splice(0)) await deleteUnder(direct, prefix);
    await direct.quit();
  });
  const fresh = (): string => {
    const prefix = uniquePrefix();
    prefixes.push(prefix);
    return prefix;
  };

  it("does not close a client the user passed in", async () => {
    const client = new Redis(REDIS_URL);
    try {
      const storage = await createRedisStorage({ client, keyPrefix: fresh() });
      expect(storage.client).toBe(client);
      await storage.saveSessionState("k", { a: 1 });
      await storage.close();
      expect(client.status).toBe("ready");
      expect(await client.ping()).toBe("PONG");
      // Two storages can share the user's client.
      const first = await createRedisStorage({ client, keyPrefix: fresh() });
      const second = await createRedisStorage({ client, keyPrefix: fresh() });
      await first.appendMessages("c", [{ role: "user", parts: [{ type: "text", text: "one" }] }]);
      expect(await second.loadMessages("c")).toEqual([]);
      await Promise.all([first.close(), second.close()]);
      expect(await client.ping()).toBe("PONG");
    } finally {
      await client.quit();
    }
  });

  it("closes the client it created, and refuses use after close()", async () => {
    const storage = await createRedisStorage({ url: REDIS_URL, keyPrefix: fresh() });
    await storage.close();
    expect(storage.client.status).toBe("end");
    await storage.close();
    const error = await storage.loadMessages("c").catch((failure: unknown) => failure);
    expectErrorOf(error, StorageError);
    expect((error as Error).message).toContain("after close()");
  });

  it("turns a driver failure into a StorageError naming the operation", async () => {
    const prefix = fresh();
    const storage = await createRedisStorage({ url: REDIS_URL, keyPrefix: prefix });
    try {
      await storage.client.set(`${prefix}messages:c`, "not a list");
      const error = await storage.appendMessages("c", [{ role: "user", parts: [{ type: "text", text: "x" }] }]).catch((failure: unknown) => failure);
      expectErrorOf(error, StorageError);
      expect((error as Error).message).toMatch(/appendMessages failed: .*WRONGTYPE/);
      expect((error as StorageError).cause).toBeInstanceOf(Error);
    } finally {
      await storage.close();
    }
  });

  it("fails a command promptly when a storage's Redis goes away", async () => {
    const storage = await createRedisStorage({ url: REDIS_URL, keyPrefix: fresh() });
    // Point the adapter's own client at a dead port, as if Redis went down.
    storage.client.options.port = 1;
    storage.client.disconnect(true);
    const started = Date.now();
    const error = await storage.loadSessionState("k").catch((failure: unknown) => failure);
    expect(Date.now() - started).toBeLessThan(5_000);
    expectErrorOf(error, StorageError);
    expect((error as Error).message).toContain("loadSessionState failed: Redis is unreachable");
    await storage.close();
  });
});
