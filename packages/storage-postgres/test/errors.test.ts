import { createServer, type Server, type Socket } from "node:net";
import { inspect } from "node:util";
import { StorageError, type BatonError } from "@baton/core";
import type pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { isRetryablePostgresError, toStorageError } from "../src/errors.js";
import { passwordsOf } from "../src/redact.js";
import { createPostgresStorage, type PostgresStorage } from "../src/index.js";
import { CONNECTION_STRING, adminClient, describePostgres, dropSchemasAfterAll, uniqueSchema } from "./support/postgres.js";

import { findSecret, SECRET } from "@baton/testing";
import { expectErrorOf } from "@baton/testing/storage-conformance";
const PASSWORD = "wrongsecret";

/** Everything a log line could show of `error`: messages and stacks of its cause chain, `toJSON()`, and `util.inspect`. */
function everythingPrinted(error: unknown): string {
  const texts: string[] = [inspect(error, { depth: null }), JSON.stringify(error) ?? ""];
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 10; current = current.cause, depth++) {
    texts.push(current.message, current.stack ?? "", JSON.stringify(current) ?? "");
  }
  return texts.join("\n");
}

/**
 * A server that speaks just enough of PostgreSQL's protocol to refuse a password:
 * it asks for a cleartext password, then answers with `28P01 password authentication failed`.
 */
async function refusingServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => undefined);
    let startup = true;
    socket.on("data", () => {
      if (startup) {
        startup = false;
        const ask = Buffer.alloc(9);
        ask.write("R", 0);
        ask.writeInt32BE(8, 1);
        ask.writeInt32BE(3, 5);
        socket.write(ask);
        return;
      }
      const fields = ["SFATAL", "VFATAL", "C28P01", 'Mpassword authentication failed for user "baton"'].map((field) => Buffer.from(`${field}\0`));
      const body = Buffer.concat([...fields, Buffer.from([0])]);
      const head = Buffer.alloc(5);
      head.write("E", 0);
      head.writeInt32BE(body.length + 4, 1);
      socket.end(Buffer.concat([head, body]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as { port: number }).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe("no password in errors", () => {
  it("a refused connection (nothing listens): retryable, and the password is nowhere in the error", async () => {
    const error = await createPostgresStorage({ connectionString: `postgres://baton:${PASSWORD}@127.0.0.1:1/test` }).catch((failure: unknown) => failure);
    expectErrorOf(error, StorageError);
    expect((error as StorageError).retryable).toBe(true);
    expect(everythingPrinted(error)).not.toContain(PASSWORD);
  });

  it("a wrong password (28P01): not retryable, and the password is nowhere in the error", async () => {
    const server = await refusingServer();
    try {
      const error = await createPostgresStorage({
        connectionString: `postgres://baton:${PASSWORD}@127.0.0.1:${server.port}/test`,
        connectionTimeoutMs: 3_000,
      }).catch((failure: unknown) => failure);
      expectErrorOf(error, StorageError);
      expect((error as Error).message).toContain("password authentication failed");
      expect(error).toMatchObject({ retryable: false, details: { sqlState: "28P01" } });
      expect(everythingPrinted(error)).not.toContain(PASSWORD);
    } finally {
      await server.close();
    }
  });

  it("a connection string that is not a URL: the password is nowhere in the error", async () => {
    const error = await createPostgresStorage({ connectionString: `postgres://baton:${PASSWORD}@127.0.0.1:notaport/test` }).catch(
      (failure: unknown) => failure,
    );
    expectErrorOf(error, StorageError);
    expect((error as StorageError).retryable).toBe(false);
    expect(everythingPrinted(error)).not.toContain(PASSWORD);
  });
});

describe("redaction at the adapter's boundary", () => {
  it("removes the connection's password from a driver error, its cause chain and the StorageError made of it", () => {
    const secrets = passwordsOf(`postgres://baton:${encodeURIComponent(SECRET)}@127.0.0.1:5432/test`);
    const inner = Object.assign(new Error(`server said: bad password ${SECRET}`), { code: "28P01", detail: `tried ${SECRET}` });
    const outer = new AggregateError([inner, new Error(`again ${SECRET}`)], `connect failed for ${SECRET}`, { cause: inner });
    const error = toStorageError(outer, "testing", "127.0.0.1:5432/test", secrets);
    expectErrorOf(error, StorageError);
    expect(findSecret(error)).toEqual([]);
    expect(error.message).toContain("***");
  });

  it("finds the password of a URL, a key=value string, a pool's options and PGPASSWORD", () => {
    expect(passwordsOf("postgres://u:p%40ss-word@h/db")).toEqual(expect.arrayContaining(["p@ss-word", "p%40ss-word"]));
    expect(passwordsOf("host=h user=u password=hunter22 dbname=d")).toContain("hunter22");
    expect(passwordsOf(undefined, { options: { password: "from-the-pool" } } as unknown as pg.Pool)).toContain("from-the-pool");
    // Too short to search for in text: it would match ordinary words.
    expect(passwordsOf("postgres://u:abc@h/db")).not.toContain("abc");
  });
});

describe("isRetryablePostgresError", () => {
  it("retries connection failures and nothing without a SQLSTATE", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" });
    const pipe = Object.assign(new Error("write EPIPE"), { code: "EPIPE" });
    expect(isRetryablePostgresError(refused)).toBe(true);
    expect(isRetryablePostgresError(pipe)).toBe(true);
    expect(isRetryablePostgresError(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isRetryablePostgresError(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isRetryablePostgresError(new Error("Query read timeout"))).toBe(true);
    expect(isRetryablePostgresError(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isRetryablePostgresError("not an error")).toBe(false);
  });
});

describePostgres("retryable flags of server errors", () => {
  const track = dropSchemasAfterAll();
  let admin: pg.Client | undefined;
  afterAll(async () => {
    await admin?.end();
  });

  /** The error PostgreSQL raises with SQLSTATE `state`, as the adapter reports it. */
  async function raised(state: string): Promise<BatonError> {
    admin ??= await adminClient();
    const error = await admin
      .query(`DO $$ BEGIN RAISE EXCEPTION 'raised for the test' USING ERRCODE = '${state}'; END $$`)
      .catch((failure: unknown) => failure);
    expect((error as { code?: string }).code).toBe(state);
    return toStorageError(error, "testing", "test");
  }

  const permanent: [string, string][] = [
    ["22021", "invalid byte sequence (a NUL in text)"],
    ["22P05", "untranslatable character"],
    ["22003", "numeric value out of range"],
    ["22P02", "invalid text representation"],
    ["23505", "unique violation"],
    ["23503", "foreign key violation"],
    ["23514", "check violation"],
    ["23502", "not-null violation"],
    ["28P01", "invalid password"],
    ["3D000", "no such database"],
    ["42P01", "undefined table"],
    ["42501", "insufficient privilege"],
    ["P0001", "raise exception"],
    ["58030", "I/O error"],
  ];
  const transient: [string, string][] = [
    ["08006", "connection failure"],
    ["40001", "serialization failure"],
    ["40P01", "deadlock detected"],
    ["53300", "too many connections"],
    ["53100", "disk full"],
    ["55P03", "lock not available"],
    ["57014", "query canceled (statement timeout)"],
    ["57P01", "admin shutdown"],
    ["57P03", "cannot connect now"],
  ];

  it.each(permanent)("SQLSTATE %s (%s) is not retryable", async (state) => {
    const error = await raised(state);
    expectErrorOf(error, StorageError);
    expect(error).toMatchObject({ retryable: false, details: { sqlState: state } });
  });

  it.each(transient)("SQLSTATE %s (%s) is retryable", async (state) => {
    const error = await raised(state);
    expectErrorOf(error, StorageError);
    expect(error).toMatchObject({ retryable: true, details: { sqlState: state } });
  });

  describe("through the storage", () => {
    let storage: PostgresStorage | undefined;
    afterAll(async () => {
      await storage?.close();
    });
    const open = async (): Promise<PostgresStorage> =>
      (storage ??= await createPostgresStorage({ connectionString: CONNECTION_STRING, schema: track(uniqueSchema()), max: 2 }));

    it("a NUL byte in a conversation id is a non-retryable StorageError (22021)", async () => {
      const db = await open();
      const error = await db.appendMessages("bad\u0000id", [{ role: "user", parts: [{ type: "text", text: "hi" }] }]).catch((failure: unknown) => failure);
      expectErrorOf(error, StorageError);
      expect(error).toMatchObject({ retryable: false, details: { sqlState: "22021" } });
      expect((error as Error).message).toContain("invalid byte sequence");
    });

    it("a NUL byte in a session key is a non-retryable StorageError (22021)", async () => {
      const db = await open();
      const error = await db.saveSessionState("key\u0000", { a: 1 }).catch((failure: unknown) => failure);
      expectErrorOf(error, StorageError);
      expect(error).toMatchObject({ retryable: false, details: { sqlState: "22021" } });
    });

    it("the storage still works after a permanent error", async () => {
      const db = await open();
      await db.appendMessages("fine", [{ role: "user", parts: [{ type: "text", text: "hi" }] }]);
      expect(await db.loadMessages("fine")).toHaveLength(1);
    });
  });
});
