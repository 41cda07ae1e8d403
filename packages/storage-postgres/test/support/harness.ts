import type { Storage } from "@baton/core";
import type { CorruptionTarget, Garbage, StorageHarness } from "@baton/testing/storage-conformance";
import type pg from "pg";
import { createPostgresStorage, type PostgresStorage } from "../../src/index.js";
import { CONNECTION_STRING, adminClient, uniqueSchema } from "./postgres.js";

const q = (name: string): string => `"${name.replace(/"/g, '""')}"`;

async function corruptRecord(admin: pg.Client, schema: string, target: CorruptionTarget, garbage: Garbage): Promise<boolean> {
  const notJson = "{not json";
  const wrongShape = '{"hello":"world"}';
  const data = garbage === "not-json" ? notJson : wrongShape;
  const table = (name: string): string => `${q(schema)}.${q(name)}`;
  let result: pg.QueryResult;
  switch (target.kind) {
    case "message":
      result = await admin.query(`UPDATE ${table("baton_messages")} SET parts = $1 WHERE conversation_id = $2 AND seq = $3`, [
        garbage === "not-json" ? notJson : '[{"type":"banana"}]',
        target.conversationId,
        target.seq,
      ]);
      break;
    case "checkpoint":
      result = await admin.query(`UPDATE ${table("baton_checkpoints")} SET data = $1 WHERE run_id = $2 AND agent_path = $3`, [
        data,
        target.runId,
        target.agentPath,
      ]);
      break;
    case "session":
      // Any JSON is a valid session value: only text that is not JSON is detectable.
      if (garbage === "wrong-shape") return false;
      result = await admin.query(`UPDATE ${table("baton_sessions")} SET value = $1 WHERE key = $2`, [data, target.key]);
      break;
    case "archive":
      result = await admin.query(`UPDATE ${table("baton_tool_outputs")} SET data = $1 WHERE id = $2`, [data, target.id]);
      break;
    case "summary":
      result = await admin.query(`UPDATE ${table("baton_summaries")} SET data = $1 WHERE conversation_id = $2`, [data, target.conversationId]);
      break;
    case "usage":
      result = await admin.query(`UPDATE ${table("baton_usage")} SET data = $1 WHERE run_id = $2`, [data, target.runId]);
      break;
    case "journal":
      result = await admin.query(`UPDATE ${table("baton_tool_calls")} SET data = $1 WHERE run_id = $2 AND tool_call_id = $3`, [
        data,
        target.runId,
        target.toolCallId,
      ]);
      break;
  }
  if (result.rowCount === 0) throw new Error(`Nothing to corrupt for ${JSON.stringify(target)}.`);
  return true;
}

/** A conformance harness on its own schema of the test database, dropped on close. */
export async function createHarness(): Promise<StorageHarness> {
  const schema = uniqueSchema();
  const storage = await createPostgresStorage({ connectionString: CONNECTION_STRING, schema, max: 5 });
  const others: PostgresStorage[] = [];
  let admin: pg.Client | undefined;
  const direct = async (): Promise<pg.Client> => (admin ??= await adminClient());
  return {
    storage,
    async openAnother(): Promise<Storage> {
      const other = await createPostgresStorage({ connectionString: CONNECTION_STRING, schema, max: 5 });
      others.push(other);
      return other;
    },
    async dump(): Promise<string> {
      const client = await direct();
      const tables = await client.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name",
        [schema],
      );
      const lines: string[] = [];
      for (const { table_name: name } of tables.rows) {
        const rows = await client.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM ${q(schema)}.${q(name)} t`);
        for (const { row } of rows.rows) lines.push(`${name} ${row}`);
      }
      return lines.join("\n");
    },
    async corrupt(target: CorruptionTarget, garbage: Garbage): Promise<boolean> {
      return corruptRecord(await direct(), schema, target, garbage);
    },
    async writeRaw(target: CorruptionTarget, text: string): Promise<void> {
      if (target.kind !== "checkpoint") throw new Error(`writeRaw: ${target.kind} records are not supported here.`);
      const table = `${q(schema)}.${q("baton_checkpoints")}`;
      const result = await (await direct()).query(`UPDATE ${table} SET data = $1 WHERE run_id = $2 AND agent_path = $3`, [
        text,
        target.runId,
        target.agentPath,
      ]);
      if (result.rowCount === 0) throw new Error(`Nothing to overwrite for ${JSON.stringify(target)}.`);
    },
    async close(): Promise<void> {
      await Promise.all([storage, ...others].map((each) => each.close()));
      const client = await direct();
      try {
        await client.query(`DROP SCHEMA IF EXISTS ${q(schema)} CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}
