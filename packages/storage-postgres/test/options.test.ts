import { StorageError, type NewConversationMessage } from "@baton/core";
import pg from "pg";
import { expect, it } from "vitest";
import { createPostgresStorage, PostgresStorage } from "../src/index.js";
import { CONNECTION_STRING, adminClient, describePostgres, dropSchemasAfterAll, uniqueSchema } from "./support/postgres.js";

import { expectErrorOf, expectRejectionOf } from "@baton/testing/storage-conformance";
const hello: NewConversationMessage = { role: "user", parts: [{ type: "text", text: "hello" }] };

it("fails fast with a clear StorageError when nothing listens on the port", async () => {
  const started = Date.now();
  const failure = await createPostgresStorage({ connectionString: "postgres://postgres:s3cret@127.0.0.1:1/test" }).catch((error: unknown) => error);
  expectErrorOf(failure, StorageError);
  expect((failure as StorageError).code).toBe("STORAGE_ERROR");
  expect((failure as Error).message).toMatch(/Could not reach PostgreSQL at 127\.0\.0\.1:1\/test .*ECONNREFUSED/);
  expect((failure as Error).message).not.toContain("s3cret");
  expect(Date.now() - started).toBeLessThan(5000);
});

it("gives up after connectionTimeoutMs on a server that never answers", async () => {
  const { createServer } = await import("node:net");
  const sockets: import("node:net").Socket[] = [];
  const silent = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const port = (silent.address() as { port: number }).port;
  try {
    const started = Date.now();
    const failure = await createPostgresStorage({ connectionString: `postgres://postgres@127.0.0.1:${port}/test`, connectionTimeoutMs: 300 }).catch(
      (error: unknown) => error,
    );
    expectErrorOf(failure, StorageError);
    expect((failure as Error).message).toContain(`Could not reach PostgreSQL at 127.0.0.1:${port}/test`);
    // Without the timeout it would wait for as long as the server stays silent (the test's own timeout).
    expect(Date.now() - started).toBeLessThan(10_000);
  } finally {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  }
});

describePostgres("options", () => {
  const track = dropSchemasAfterAll();

  it("uses a pool you pass and leaves it open on close()", async () => {
    const pool = new pg.Pool({ connectionString: CONNECTION_STRING, max: 2 });
    try {
      const storage = await createPostgresStorage({ pool, schema: track(uniqueSchema()) });
      expect(storage.pool).toBe(pool);
      await storage.appendMessages("c", [hello]);
      await storage.close();
      expect((await pool.query<{ one: number }>("SELECT 1 AS one")).rows[0]?.one).toBe(1);
      await expect(storage.loadMessages("c")).rejects.toThrow(/closed/);
    } finally {
      await pool.end();
    }
  });

  it("still makes a storage with the deprecated `new PostgresStorage(pool, schema, ownsPool)` on a migrated schema", async () => {
    const schema = track(uniqueSchema());
    const pool = new pg.Pool({ connectionString: CONNECTION_STRING, max: 2 });
    try {
      const migrated = await createPostgresStorage({ pool, schema });
      await migrated.appendMessages("c", [hello]);
      const old = new PostgresStorage(pool, schema, false);
      expect([old.pool, old.schema]).toEqual([pool, schema]);
      expect((await old.loadMessages("c")).map((message) => message.seq)).toEqual([1]);
      await old.close();
      expect((await pool.query<{ one: number }>("SELECT 1 AS one")).rows[0]?.one).toBe(1);
    } finally {
      await pool.end();
    }
  });

  it("ends the pool it created on close(), and close() can be called twice", async () => {
    const storage = await createPostgresStorage({ connectionString: CONNECTION_STRING, schema: track(uniqueSchema()), max: 2 });
    await storage.appendMessages("c", [hello]);
    await storage.close();
    await storage.close();
    expect(storage.pool.ended).toBe(true);
    await expectRejectionOf(storage.appendMessages("c", [hello]), StorageError);
  });

  it("works in a schema whose name needs quoting, and keeps schemas apart", async () => {
    const weird = track(`Baton "weird" ${uniqueSchema()}`);
    const plain = track(uniqueSchema());
    const a = await createPostgresStorage({ connectionString: CONNECTION_STRING, schema: weird });
    const b = await createPostgresStorage({ connectionString: CONNECTION_STRING, schema: plain });
    try {
      await a.appendMessages("c", [hello, hello]);
      await b.appendMessages("c", [hello]);
      expect(await a.loadMessages("c")).toHaveLength(2);
      expect(await b.loadMessages("c")).toHaveLength(1);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("shares one pool between schemas (prepared statement names never clash)", async () => {
    const pool = new pg.Pool({ connectionString: CONNECTION_STRING, max: 1 });
    try {
      const a = await createPostgresStorage({ pool, schema: track(uniqueSchema()) });
      const b = await createPostgresStorage({ pool, schema: track(uniqueSchema()) });
      await a.appendMessages("c", [hello]);
      await b.appendMessages("c", [hello, hello]);
      expect((await a.loadMessages("c")).length + (await b.loadMessages("c")).length).toBe(3);
    } finally {
      await pool.end();
    }
  });

  it("stores JSON as text: key order, unusual keys, NUL characters and number precision survive", async () => {
    const schema = track(uniqueSchema());
    const storage = await createPostgresStorage({ connectionString: CONNECTION_STRING, schema });
    try {
      const value = {
        zeta: 1,
        alpha: { b: 2, a: 1, "": 0, "1": "one" },
        nul: "a\u0000b",
        big: 9007199254740991,
        tiny: 5e-324,
        float: 0.1 + 0.2,
        emoji: "😀\ud800",
      };
      await storage.saveSessionState("k", value);
      const loaded = (await storage.loadSessionState("k"))?.value as typeof value;
      expect(JSON.stringify(loaded)).toBe(JSON.stringify(value));
      expect(Object.keys(loaded.alpha)).toEqual(Object.keys(JSON.parse(JSON.stringify(value.alpha)) as object));
      await storage.archiveToolOutput({ id: "o", toolName: "t", toolCallId: "c", result: value });
      expect((await storage.loadToolOutput("o"))?.result).toEqual(value);
      const client = await adminClient();
      try {
        const row = await client.query<{ value: string }>(`SELECT value FROM "${schema}".baton_sessions WHERE key = 'k'`);
        expect(row.rows[0]?.value).toBe(JSON.stringify(value));
      } finally {
        await client.end();
      }
    } finally {
      await storage.close();
    }
  });

  it("keeps fractional and large millisecond times exact", async () => {
    const storage = await createPostgresStorage({ connectionString: CONNECTION_STRING, schema: track(uniqueSchema()) });
    try {
      const now = 1_700_000_000_123.5;
      expect(await storage.claimRun("r", { owner: "a", leaseMs: 0.25, now })).toEqual({ claimed: true, token: 1 });
      expect(await storage.claimRun("r", { owner: "b", leaseMs: 1, now: now + 0.1 })).toEqual({
        claimed: false,
        reason: "held",
        owner: "a",
        leaseUntil: now + 0.25,
      });
    } finally {
      await storage.close();
    }
  });
});
