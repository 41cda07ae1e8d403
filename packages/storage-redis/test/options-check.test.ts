import { Redis } from "ioredis";
import { describe, expect, it, vi } from "vitest";
import { expectUnknownOptionRejected, optionsError } from "@baton/testing";
import { createRedisStorage, REDIS_STORAGE_OPTION_RULES, type RedisStorageOptions } from "../src/index.js";

const ACCEPTED = ["url", "connectTimeoutMs", "commandTimeoutMs", "client", "keyPrefix"];
// Nothing listens there: a check that let the options through would fail with a StorageError instead.
const NOWHERE = "redis://127.0.0.1:1";

const bad = (options: unknown): RedisStorageOptions => options as RedisStorageOptions;

describe("createRedisStorage checks its options before connecting", () => {
  it("lists every key of RedisStorageOptions as accepted", () => {
    expect(Object.keys(REDIS_STORAGE_OPTION_RULES)).toEqual(ACCEPTED);
  });

  it("rejects an unknown key, naming the accepted ones", async () => {
    await expectUnknownOptionRejected("createRedisStorage", "prefix", ACCEPTED, () => createRedisStorage(bad({ url: NOWHERE, prefix: "app:" })));
    await expectUnknownOptionRejected("createRedisStorage", "password", ACCEPTED, () => createRedisStorage(bad({ url: NOWHERE, password: "x" })));
  });

  it("rejects a value of the wrong type", async () => {
    const error = await optionsError(() => createRedisStorage(bad({ url: NOWHERE, keyPrefix: 1 })));
    expect(error.message).toBe(
      'createRedisStorage(): option "keyPrefix" must be a string, got 1. Accepted options: url, connectTimeoutMs, commandTimeoutMs, client, keyPrefix.',
    );
    expect((await optionsError(() => createRedisStorage(bad({ url: NOWHERE, commandTimeoutMs: "2000" })))).message).toContain(
      'option "commandTimeoutMs" must be a positive integer (milliseconds), got "2000"',
    );
    expect((await optionsError(() => createRedisStorage(bad({ client: {} })))).message).toContain('option "client" must be an ioredis client');
    expect((await optionsError(() => createRedisStorage(bad({ url: "" })))).message).toContain('option "url" must be a non-empty string');
  });

  it("rejects a timeout that is not a positive integer, like the other storage factories", async () => {
    for (const [option, value] of [
      ["commandTimeoutMs", 0],
      ["connectTimeoutMs", -1],
      ["commandTimeoutMs", 1.5],
      ["connectTimeoutMs", Number.NaN],
      ["commandTimeoutMs", Infinity],
    ] as const) {
      const error = await optionsError(() => createRedisStorage({ url: NOWHERE, [option]: value }));
      expect(error.message).toContain(`option "${option}" must be a positive integer (milliseconds), got`);
    }
  });

  it("connects to nothing when the options are wrong", async () => {
    const connect = vi.spyOn(Redis.prototype, "connect");
    try {
      await optionsError(() => createRedisStorage(bad({ url: NOWHERE, tls: true })));
      expect(connect).not.toHaveBeenCalled();
    } finally {
      connect.mockRestore();
    }
  });

  it("accepts valid options (and then tries to connect)", async () => {
    const failure = await createRedisStorage({ url: NOWHERE, connectTimeoutMs: 200, commandTimeoutMs: 200, keyPrefix: "app:" }).catch(
      (error: unknown) => error,
    );
    expect((failure as Error).name).toBe("StorageError");
  });
});
