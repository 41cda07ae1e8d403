import { ConfigurationError, StorageError, type Storage } from "@baton/core";
import { findSecret, privateRedisUnavailableReason, startPrivateRedis, type PrivateRedis } from "@baton/testing";
import { describeWithService } from "@baton/testing/services";
import { expectErrorOf, expectRejectionOf } from "@baton/testing/storage-conformance";
import { Redis } from "ioredis";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createRedisStorage } from "../src/index.js";
import { uniquePrefix } from "./support/redis.js";

const PASSWORD = "redis-SECRET-7351";
const hello = [{ role: "user" as const, parts: [{ type: "text" as const, text: "hello" }] }];

/** Asserts that `error` is a `type` and that the password shows nowhere in it (message, stack, cause chain, properties, JSON, inspect). */
function expectClean(error: unknown, type: typeof StorageError | typeof ConfigurationError): void {
  expectErrorOf(error, type);
  expect(findSecret(error, PASSWORD)).toEqual([]);
  expect(findSecret(error, encodeURIComponent(PASSWORD))).toEqual([]);
}

describe("a URL ioredis cannot read", () => {
  it.each([
    ["a port that is not a number", `redis://user:${PASSWORD}@127.0.0.1:notaport`],
    ["a broken IPv6 host", `redis://:${PASSWORD}@[::1`],
    ["no scheme and an out-of-range port", `user:${PASSWORD}@127.0.0.1:99999`],
    ["a malformed % escape in the password", `redis://:%zz${PASSWORD}@127.0.0.1:1`],
  ])("%s: a ConfigurationError that neither repeats the URL nor links the driver's error", async (_name, url) => {
    const error = await createRedisStorage({ url, keyPrefix: uniquePrefix() }).catch((failure: unknown) => failure);
    expectClean(error, ConfigurationError);
    expect(error).toMatchObject({ code: "INVALID_CONFIGURATION", details: { function: "createRedisStorage", option: "url" } });
    expect((error as Error).message).toMatch(/^createRedisStorage\(\): option "url" is not a URL ioredis can read/);
    expect((error as Error).cause).toBeUndefined();
  });
});

describe("the address in a connection error", () => {
  it.each([
    ["a URL without a scheme", `user:${PASSWORD}@127.0.0.1:1`, "redis://user:***@127.0.0.1:1"],
    ["a password in the query", `redis://127.0.0.1:1?password=${PASSWORD}`, "redis://127.0.0.1:1?password=***"],
    ["an encoded password", `redis://:${encodeURIComponent(`${PASSWORD}/@`)}@127.0.0.1:1`, "redis://:***@127.0.0.1:1"],
  ])("%s: masked", async (_name, url, shown) => {
    const error = await createRedisStorage({ url, keyPrefix: uniquePrefix(), connectTimeoutMs: 500 }).catch((failure: unknown) => failure);
    expectClean(error, StorageError);
    expect((error as Error).message).toContain(`Could not connect to Redis at ${shown}: `);
  });
});

const reason = privateRedisUnavailableReason();

describeWithService("no password in any error of a password-protected Redis", reason, () => {
  let server: PrivateRedis;
  /** The server's URL with `auth` (`:password@`, `user:password@`) as written. */
  const urlWith = (auth = "") => `redis://${auth}127.0.0.1:${server.port}`;
  const open: Storage[] = [];
  beforeAll(async () => {
    server = await startPrivateRedis({ password: PASSWORD });
    return () => server.stop();
  });
  afterEach(async () => {
    server.resume();
    for (const storage of open.splice(0)) await storage.close();
  });
  const connect = async (options: { commandTimeoutMs?: number; connectTimeoutMs?: number } = {}) => {
    const storage = await createRedisStorage({ url: urlWith(`:${PASSWORD}@`), keyPrefix: uniquePrefix(), ...options });
    open.push(storage);
    return storage;
  };

  it("a wrong password (WRONGPASS from the real server): not retryable, no password, not even the wrong one", async () => {
    for (const auth of [`:${PASSWORD}-wrong@`, `default:wrong-${PASSWORD}@`]) {
      const error = await createRedisStorage({ url: urlWith(auth), keyPrefix: uniquePrefix() }).catch((failure: unknown) => failure);
      expectClean(error, StorageError);
      expect(error).toMatchObject({ retryable: false });
      expect((error as Error).message).toContain("WRONGPASS");
    }
  });

  it("a client of yours with a wrong password: the driver's error an operation meets loses the HELLO … AUTH arguments", async () => {
    const client = new Redis(urlWith(`:wrong-${PASSWORD}@`));
    client.on("error", () => undefined);
    try {
      const error = await createRedisStorage({ client, keyPrefix: uniquePrefix() }).catch((failure: unknown) => failure);
      expectClean(error, StorageError);
      expect((error as Error).cause).toMatchObject({ command: { name: "hello", args: ["3", "AUTH", "default", "***"] } });
    } finally {
      client.disconnect();
    }
  });

  it("the server paused (SIGSTOP): connecting and every operation time out, clean and retryable; SIGCONT and it works again", async () => {
    const storage = await connect({ commandTimeoutMs: 300 });
    await storage.appendMessages("c", hello);
    server.pause();
    const connecting = await createRedisStorage({
      url: urlWith(`:${PASSWORD}@`),
      keyPrefix: uniquePrefix(),
      connectTimeoutMs: 300,
      commandTimeoutMs: 300,
    }).catch((failure: unknown) => failure);
    expectClean(connecting, StorageError);
    expect(connecting).toMatchObject({ retryable: true });
    for (const operation of [
      () => storage.appendMessages("c", hello),
      () => storage.loadMessages("c"),
      () => storage.claimRun("r", { owner: "a", leaseMs: 1_000 }),
      () => storage.writeToolJournal([], { runId: "r", owner: "a", token: 1 }),
    ]) {
      const error = await operation().catch((failure: unknown) => failure);
      expectClean(error, StorageError);
      expect(error).toMatchObject({ retryable: true, details: { unreachable: true } });
    }
    server.resume();
    const deadline = Date.now() + 5_000;
    for (;;) {
      const loaded = await storage.loadMessages("c").catch(() => undefined);
      if (loaded !== undefined) {
        expect(loaded.length).toBeGreaterThanOrEqual(1);
        break;
      }
      if (Date.now() > deadline) throw new Error("the storage did not recover after SIGCONT");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  it("the password changed under a live storage (its reconnection is refused): operations fail clean", async () => {
    const storage = await connect({ commandTimeoutMs: 500 });
    const admin = new Redis(urlWith(`:${PASSWORD}@`), { lazyConnect: true, maxRetriesPerRequest: 1 });
    admin.on("error", () => undefined);
    try {
      await admin.connect();
      await admin.config("SET", "requirepass", `${PASSWORD}-new`);
      await admin.call("CLIENT", "KILL", "TYPE", "normal", "SKIPME", "yes");
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const operation of [() => storage.loadMessages("c"), () => storage.appendMessages("c", hello)]) {
        const error = await operation().catch((failure: unknown) => failure);
        expectClean(error, StorageError);
      }
    } finally {
      await admin.config("SET", "requirepass", PASSWORD).catch(() => undefined);
      admin.disconnect();
    }
  });

  it("the server gone (killed): operations and new storages fail clean and retryable", async () => {
    const storage = await connect({ commandTimeoutMs: 300 });
    await server.stop();
    for (const attempt of [1, 2]) {
      const error = await storage.loadMessages("c").catch((failure: unknown) => failure);
      expectClean(error, StorageError);
      expect(error).toMatchObject({ retryable: true });
      if (attempt === 1) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const error = await expectRejectionOf(createRedisStorage({ url: urlWith(`:${PASSWORD}@`), keyPrefix: uniquePrefix() }), StorageError);
    expectClean(error, StorageError);
    expect(error).toMatchObject({ retryable: true });
    expect((error as Error).message).toContain(`redis://:***@127.0.0.1:${server.port}`);
  });
});
