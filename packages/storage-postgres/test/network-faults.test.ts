import { StorageError, type NewConversationMessage } from "@baton/core";
import { findSecret, SECRET, startTcpRelay, type TcpRelay } from "@baton/testing";
import { expectErrorOf } from "@baton/testing/storage-conformance";
import pg from "pg";
import { afterEach, expect, it } from "vitest";
import { createPostgresStorage, type PostgresStorage } from "../src/index.js";
import { CONNECTION_STRING, adminClient, describePostgres, dropSchemasAfterAll, uniqueSchema } from "./support/postgres.js";

const hello: NewConversationMessage = { role: "user", parts: [{ type: "text", text: "hello" }] };

/** The test server's address, reached through `port` (a relay) with `SECRET` as the password (the trust-auth server ignores it). */
function throughPort(port: number): string {
  const url = new URL(CONNECTION_STRING);
  url.username ||= "postgres";
  url.password = SECRET;
  url.port = String(port);
  return url.toString();
}

/** What `promise` rejected with, and after how many ms. */
async function failureOf(promise: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = Date.now();
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  return { error, ms: Date.now() - started };
}

it("a refused connection (nothing listens): a retryable StorageError without the password anywhere in it", async () => {
  const url = new URL(CONNECTION_STRING);
  url.username ||= "postgres";
  url.password = SECRET;
  url.host = "127.0.0.1:1";
  const { error } = await failureOf(createPostgresStorage({ connectionString: url.toString(), connectionTimeoutMs: 2_000 }));
  expectErrorOf(error, StorageError);
  expect(error).toMatchObject({ retryable: true });
  expect(findSecret(error)).toEqual([]);
});

describePostgres("a network partition between the storage and PostgreSQL", () => {
  const track = dropSchemasAfterAll();
  const relays: TcpRelay[] = [];
  const storages: PostgresStorage[] = [];
  const pools: pg.Pool[] = [];
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((relay) => relay.close()));
    await Promise.all(storages.splice(0).map((storage) => storage.close()));
    await Promise.all(pools.splice(0).map((pool) => pool.end().catch(() => undefined)));
  });

  const relay = async (): Promise<TcpRelay> => {
    const started = await startTcpRelay({ host: new URL(CONNECTION_STRING).hostname, port: Number(new URL(CONNECTION_STRING).port || 5432) });
    relays.push(started);
    return started;
  };

  it("fails a statement left unanswered after queryTimeoutMs with a retryable StorageError, without the password", async () => {
    const cut = await relay();
    const storage = await createPostgresStorage({
      connectionString: throughPort(cut.port),
      schema: track(uniqueSchema()),
      queryTimeoutMs: 500,
      connectionTimeoutMs: 500,
    });
    storages.push(storage);
    await storage.appendMessages("c", [hello]);
    cut.cut();
    const { error, ms } = await failureOf(storage.appendMessages("c", [hello]));
    expectErrorOf(error, StorageError);
    expect(error).toMatchObject({ retryable: true, details: { operation: "appending messages", timedOut: true } });
    expect((error as Error).message).toContain("did not answer in time");
    expect(ms).toBeGreaterThanOrEqual(400);
    expect(ms).toBeLessThan(5_000);
    expect(findSecret(error)).toEqual([]);
    // The next call opens a new connection through the cut relay: bounded by the connection timeout, retryable too.
    const next = await failureOf(storage.loadMessages("c"));
    expectErrorOf(next.error, StorageError);
    expect(next.error).toMatchObject({ retryable: true });
    expect(next.ms).toBeLessThan(5_000);
    expect(findSecret(next.error)).toEqual([]);
  });

  it("bounds creation on a cut network: createPostgresStorage rejects within the connection timeout instead of hanging", async () => {
    const cut = await relay();
    cut.cut();
    const { error, ms } = await failureOf(
      createPostgresStorage({ connectionString: throughPort(cut.port), schema: track(uniqueSchema()), queryTimeoutMs: 500, connectionTimeoutMs: 500 }),
    );
    expectErrorOf(error, StorageError);
    expect(error).toMatchObject({ retryable: true });
    expect(ms).toBeLessThan(5_000);
    expect(findSecret(error)).toEqual([]);
  });

  it("bounds a migration whose connection stops answering: one query timeout (no ROLLBACK waited for), and the connection is dropped", async () => {
    const cut = await relay();
    // One query timeout is 2 s, two (a ROLLBACK waited for after the first) would be 4 s: the bound between them
    // leaves room for a loaded machine.
    const pool = new pg.Pool({ connectionString: throughPort(cut.port), max: 1, query_timeout: 2_000 });
    pool.on("error", () => undefined);
    pools.push(pool);
    await pool.query("SELECT 1");
    cut.cut();
    const { error, ms } = await failureOf(createPostgresStorage({ pool, schema: track(uniqueSchema()) }));
    expectErrorOf(error, StorageError);
    expect(error).toMatchObject({ retryable: true, details: { operation: "migrating the schema", timedOut: true } });
    expect(ms).toBeGreaterThanOrEqual(1_900);
    expect(ms).toBeLessThan(4_000);
    expect(findSecret(error)).toEqual([]);
    expect(pool.totalCount).toBe(0);
  });

  it("reports a connection closed under a statement (a server restart) as retryable, without the password, and works once it is back", async () => {
    const restarting = await relay();
    const schema = track(uniqueSchema());
    // The query timeout is far beyond the restart: the error comes from the closed connection, not from the timeout.
    const storage = await createPostgresStorage({ connectionString: throughPort(restarting.port), schema, queryTimeoutMs: 20_000 });
    storages.push(storage);
    await storage.appendMessages("c", [hello]);
    // Another transaction holds the conversation's row: the append waits on it when the connection is closed.
    const admin = await adminClient();
    try {
      await admin.query("BEGIN");
      await admin.query(`SELECT 1 FROM "${schema}".baton_conversations WHERE id = 'c' FOR UPDATE`);
      const append = failureOf(storage.appendMessages("c", [hello]));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await restarting.restart(200);
      const { error, ms } = await append;
      expectErrorOf(error, StorageError);
      expect(error).toMatchObject({ retryable: true });
      expect((error as Error).message).toContain("Could not reach PostgreSQL");
      expect(ms).toBeLessThan(15_000);
      expect(findSecret(error)).toEqual([]);
    } finally {
      await admin.query("ROLLBACK");
      await admin.end();
    }
    // The storage answers again. (The append itself may have landed: the server ran it once the row was free, not
    // noticing its client was gone. A write cut off mid-statement is in doubt, which is why the error is retryable
    // and the run's writes are fenced and idempotent where they must be.)
    expect((await storage.loadMessages("c")).length).toBeGreaterThanOrEqual(1);
  });

  it("uses queryTimeoutMs 10 000 by default on the pool it creates, none with 0, and only when given on a pool you pass", async () => {
    const schema = track(uniqueSchema());
    const byDefault = await createPostgresStorage({ connectionString: CONNECTION_STRING, schema });
    storages.push(byDefault);
    expect((byDefault.pool as unknown as { options: { query_timeout?: number } }).options.query_timeout).toBe(10_000);
    const none = await createPostgresStorage({ connectionString: CONNECTION_STRING, schema, queryTimeoutMs: 0 });
    storages.push(none);
    expect((none.pool as unknown as { options: { query_timeout?: number } }).options.query_timeout).toBeUndefined();

    // A pool you pass keeps its own settings; queryTimeoutMs, when given, bounds the storage's statements on it.
    const cut = await relay();
    const pool = new pg.Pool({ connectionString: throughPort(cut.port), max: 2, connectionTimeoutMillis: 500 });
    pool.on("error", () => undefined);
    pools.push(pool);
    const storage = await createPostgresStorage({ pool, schema, queryTimeoutMs: 500 });
    await storage.appendMessages("c", [hello]);
    cut.cut();
    const { error, ms } = await failureOf(storage.loadMessages("c"));
    expectErrorOf(error, StorageError);
    expect(error).toMatchObject({ retryable: true, details: { timedOut: true } });
    expect(ms).toBeLessThan(5_000);
    expect(findSecret(error)).toEqual([]);
    await storage.close();
  });
});
