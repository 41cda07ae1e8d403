import { inspect } from "node:util";
import { ConfigurationError, StorageError } from "@baton/core";
import { afterEach, describe, expect, it } from "vitest";
import { guard, isRetryableRedisError } from "../src/guard.js";
import { createRedisStorage, DEFAULT_COMMAND_TIMEOUT_MS, DEFAULT_CONNECT_TIMEOUT_MS, type RedisStorage } from "../src/index.js";
import { deleteUnder, describeWithRedis, directClient, uniquePrefix } from "./support/redis.js";
import { refusingLoginServer, startRelay, type Relay } from "./support/relay.js";

import { expectErrorOf, expectRejectionOf } from "@baton/testing/storage-conformance";
const PASSWORD = "wrongsecret";
const hello = [{ role: "user" as const, parts: [{ type: "text" as const, text: "hello" }] }];

/** Everything a log line could show of `error`: messages and stacks of its cause chain, `toJSON()`, and `util.inspect`. */
function everythingPrinted(error: unknown): string {
  const texts: string[] = [inspect(error, { depth: null }), inspect(error, { depth: null, showHidden: true }), JSON.stringify(error) ?? ""];
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 10; current = current.cause, depth++) {
    texts.push(current.message, current.stack ?? "", JSON.stringify(current) ?? "", inspect(current, { depth: null }));
  }
  return texts.join("\n");
}

describe("no password in errors", () => {
  it("a login Redis refuses (WRONGPASS): not retryable, and the password is nowhere in the error", async () => {
    const server = await refusingLoginServer();
    try {
      const error = await createRedisStorage({ url: server.url(`:${PASSWORD}@`), keyPrefix: uniquePrefix() }).catch((failure: unknown) => failure);
      expectErrorOf(error, StorageError);
      expect((error as Error).message).toContain("WRONGPASS");
      expect((error as StorageError).retryable).toBe(false);
      expect((error as Error).cause).toBeInstanceOf(Error);
      expect(everythingPrinted(error)).not.toContain(PASSWORD);
    } finally {
      await server.close();
    }
  });

  it("a user and password Redis refuses: the password is nowhere in the error", async () => {
    const server = await refusingLoginServer();
    try {
      const error = await createRedisStorage({ url: server.url(`baton:${PASSWORD}@`), keyPrefix: uniquePrefix() }).catch((failure: unknown) => failure);
      expectErrorOf(error, StorageError);
      expect(everythingPrinted(error)).not.toContain(PASSWORD);
    } finally {
      await server.close();
    }
  });

  it("nothing listening: retryable, and the password is nowhere in the error", async () => {
    const error = await createRedisStorage({ url: `redis://:${PASSWORD}@127.0.0.1:1`, keyPrefix: uniquePrefix() }).catch((failure: unknown) => failure);
    expectErrorOf(error, StorageError);
    expect((error as StorageError).retryable).toBe(true);
    expect(everythingPrinted(error)).not.toContain(PASSWORD);
  });

  it("an operation's driver error loses the AUTH arguments and the password", async () => {
    const driverError = Object.assign(new Error(`WRONGPASS invalid username-password pair (was ${PASSWORD})`), {
      name: "ReplyError",
      command: { name: "hello", args: ["3", "AUTH", "default", PASSWORD] },
      cause: Object.assign(new Error("inner"), { command: { name: "auth", args: [PASSWORD] } }),
    });
    const error = await guard("loadMessages", () => Promise.reject(driverError), [PASSWORD]).catch((failure: unknown) => failure);
    expectErrorOf(error, StorageError);
    expect(everythingPrinted(error)).not.toContain(PASSWORD);
    expect(driverError.command.args).toEqual(["3", "AUTH", "default", "***"]);
    // Without knowing the password, the AUTH arguments still go.
    const unknown = Object.assign(new Error("NOAUTH"), { command: { name: "auth", args: ["user", "other-secret"] } });
    await guard("loadMessages", () => Promise.reject(unknown)).catch(() => undefined);
    expect(unknown.command.args).toEqual(["***", "***"]);
  });
});

describe("isRetryableRedisError", () => {
  it.each([
    ["Command timed out", new Error("Command timed out")],
    ["Connection is closed.", new Error("Connection is closed.")],
    ["a reconnecting client", new Error("Stream isn't writeable and enableOfflineQueue options is false")],
    ["ECONNREFUSED", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" })],
    ["connect ETIMEDOUT", Object.assign(new Error("connect ETIMEDOUT"), { code: "ETIMEDOUT" })],
    ["MaxRetriesPerRequestError", Object.assign(new Error("Reached the max retries per request limit (which is 1)."), { name: "MaxRetriesPerRequestError" })],
    ["LOADING", new Error("LOADING Redis is loading the dataset in memory")],
    ["BUSY", new Error("BUSY Redis is busy running a script.")],
    ["READONLY", new Error("READONLY You can't write against a read only replica.")],
    ["TRYAGAIN", new Error("TRYAGAIN Multiple keys request during rehashing of slot")],
    ["OOM", new Error("OOM command not allowed when used memory > 'maxmemory'.")],
  ])("retries %s", (_name, error) => {
    expect(isRetryableRedisError(error)).toBe(true);
  });

  it.each([
    ["WRONGTYPE", new Error("WRONGTYPE Operation against a key holding the wrong kind of value")],
    ["ERR", new Error("ERR value is not an integer or out of range")],
    ["WRONGPASS", new Error("WRONGPASS invalid username-password pair or user is disabled.")],
    ["NOAUTH", new Error("NOAUTH Authentication required.")],
    ["NOPERM", new Error("NOPERM this user has no permissions to run the 'eval' command")],
    ["an aborted transaction", new Error("the transaction was aborted")],
    ["a non-error", "boom"],
  ])("does not retry %s", (_name, error) => {
    expect(isRetryableRedisError(error)).toBe(false);
  });
});

it("documents its default timeouts", () => {
  expect(DEFAULT_CONNECT_TIMEOUT_MS).toBe(2_000);
  expect(DEFAULT_COMMAND_TIMEOUT_MS).toBe(2_000);
});

it("refuses a timeout that is not a positive integer with a ConfigurationError", async () => {
  for (const options of [
    { commandTimeoutMs: 0 },
    { connectTimeoutMs: Number.NaN },
    { commandTimeoutMs: -5 },
    { connectTimeoutMs: 1.5 },
    { commandTimeoutMs: Infinity },
  ]) {
    await expectRejectionOf(createRedisStorage({ url: "redis://127.0.0.1:1", ...options }), ConfigurationError);
  }
});

describeWithRedis("a Redis outage", () => {
  const open: { relay: Relay; storage?: RedisStorage; prefix: string }[] = [];
  afterEach(async () => {
    const direct = directClient();
    await direct.connect();
    for (const { relay, storage, prefix } of open.splice(0)) {
      await relay.close();
      storage?.client.disconnect();
      await deleteUnder(direct, prefix);
    }
    await direct.quit();
  });

  async function behindRelay(options: { commandTimeoutMs?: number; connectTimeoutMs?: number } = {}): Promise<{ relay: Relay; storage: RedisStorage }> {
    const relay = await startRelay();
    const entry: { relay: Relay; storage?: RedisStorage; prefix: string } = { relay, prefix: uniquePrefix() };
    open.push(entry);
    const storage = await createRedisStorage({ url: relay.url(), keyPrefix: entry.prefix, ...options });
    entry.storage = storage;
    return { relay, storage };
  }

  it("passes the timeouts to the client it creates", async () => {
    const { storage } = await behindRelay({ commandTimeoutMs: 750, connectTimeoutMs: 1_250 });
    expect(storage.client.options).toMatchObject({
      commandTimeout: 750,
      connectTimeout: 1_250,
      enableOfflineQueue: false,
      autoResendUnfulfilledCommands: false,
    });
    const defaults = await behindRelay();
    expect(defaults.storage.client.options).toMatchObject({ commandTimeout: DEFAULT_COMMAND_TIMEOUT_MS, connectTimeout: DEFAULT_CONNECT_TIMEOUT_MS });
  });

  it("a write through a cut connection (no reply ever) rejects with a retryable StorageError, with the default timeouts", async () => {
    const { relay, storage } = await behindRelay();
    await storage.appendMessages("c", hello);
    relay.cut();
    const error = await storage.appendMessages("c", hello).catch((failure: unknown) => failure);
    expectErrorOf(error, StorageError);
    expect(error).toMatchObject({ code: "STORAGE_ERROR", retryable: true, details: { operation: "appendMessages", unreachable: true } });
    expect((error as Error).message).toContain("appendMessages failed: Redis is unreachable (Command timed out)");
  });

  it("every later write through the cut connection fails the same way", async () => {
    const { relay, storage } = await behindRelay({ commandTimeoutMs: 300 });
    relay.cut();
    for (const attempt of [1, 2, 3]) {
      const error = await storage.saveSessionState(`k${attempt}`, { attempt }).catch((failure: unknown) => failure);
      expect(error).toMatchObject({ code: "STORAGE_ERROR", retryable: true });
    }
  });

  it("a write after Redis went away (connections refused) rejects with a retryable StorageError", async () => {
    const { relay, storage } = await behindRelay();
    await storage.saveSessionState("k", { a: 1 });
    await relay.close();
    const error = await storage.saveSessionState("k", { a: 2 }).catch((failure: unknown) => failure);
    expectErrorOf(error, StorageError);
    expect(error).toMatchObject({ retryable: true, details: { operation: "saveSessionState", unreachable: true } });
  });

  it("creating a storage through a cut connection rejects with a retryable StorageError", async () => {
    const relay = await startRelay();
    open.push({ relay, prefix: uniquePrefix() });
    relay.cut();
    const error = await createRedisStorage({ url: relay.url(), keyPrefix: uniquePrefix() }).catch((failure: unknown) => failure);
    expectErrorOf(error, StorageError);
    expect((error as StorageError).retryable).toBe(true);
    expect((error as Error).message).toContain("Could not connect to Redis at redis://127.0.0.1:");
  });

  it("a server error reply (WRONGTYPE) is not retryable", async () => {
    const { storage } = await behindRelay();
    const prefix = storage.keyPrefix;
    await storage.client.set(`${prefix}messages:c`, "not a list");
    const error = await storage.appendMessages("c", hello).catch((failure: unknown) => failure);
    expectErrorOf(error, StorageError);
    expect(error).toMatchObject({ retryable: false, details: { operation: "appendMessages" } });
    expect((error as Error).message).toContain("WRONGTYPE");
  });
});
