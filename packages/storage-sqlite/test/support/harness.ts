import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { Storage } from "@baton/core";
import type { CorruptionTarget, Garbage, StorageHarness } from "@baton/testing/storage-conformance";
import { createSqliteStorage, type SqliteStorage } from "../../src/index.js";

/** A conformance harness on a fresh temp file, which also names the file. */
export interface SqliteHarness extends StorageHarness {
  readonly storage: SqliteStorage;
  readonly file: string;
  openAnother(): Promise<SqliteStorage>;
}

/** Runs `action` on a fresh better-sqlite3 handle on `file`, then closes it. */
export function withHandle<T>(file: string, action: (db: Database.Database) => T, create = false): T {
  const db = new Database(file, { fileMustExist: !create });
  try {
    db.pragma("busy_timeout = 5000");
    return action(db);
  } finally {
    db.close();
  }
}

function corruptionOf(target: CorruptionTarget): { sql: string; keys: unknown[] } {
  switch (target.kind) {
    case "message":
      return { sql: "UPDATE baton_messages SET parts = ? WHERE conversation_id = ? AND seq = ?", keys: [target.conversationId, target.seq] };
    case "checkpoint":
      return { sql: "UPDATE baton_checkpoints SET data = ? WHERE run_id = ? AND agent_path = ?", keys: [target.runId, target.agentPath] };
    case "session":
      return { sql: "UPDATE baton_sessions SET value = ? WHERE key = ?", keys: [target.key] };
    case "archive":
      return { sql: "UPDATE baton_archives SET data = ? WHERE id = ?", keys: [target.id] };
    case "summary":
      return { sql: "UPDATE baton_summaries SET data = ? WHERE conversation_id = ?", keys: [target.conversationId] };
    case "usage":
      return { sql: "UPDATE baton_usage SET data = ? WHERE run_id = ?", keys: [target.runId] };
    case "journal":
      return { sql: "UPDATE baton_tool_calls SET data = ? WHERE run_id = ? AND tool_call_id = ?", keys: [target.runId, target.toolCallId] };
  }
}

/** Overwrites one existing record of the database in `file` with `text`, bypassing the adapter. */
function writeRaw(file: string, target: CorruptionTarget, text: string): void {
  const { sql, keys } = corruptionOf(target);
  const changes = withHandle(file, (db) => db.prepare(sql).run(text, ...keys).changes);
  if (changes === 0) throw new Error(`Nothing to overwrite: no ${target.kind} ${JSON.stringify(target)}.`);
}

/** A harness on a new temp file: what the conformance suite and the adapter's own tests use. */
export async function createHarness(): Promise<SqliteHarness> {
  const dir = mkdtempSync(join(tmpdir(), "baton-storage-sqlite-"));
  const file = join(dir, "baton.db");
  const storage = createSqliteStorage({ path: file });
  const opened: Storage[] = [storage];
  return {
    storage,
    file,
    openAnother: async () => {
      const another = createSqliteStorage({ path: file });
      opened.push(another);
      return another;
    },
    dump: async () =>
      withHandle(file, (db) => {
        const tables = db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all();
        return tables.map(({ name }) => `${name}: ${JSON.stringify(db.prepare(`SELECT * FROM "${name}"`).all())}`).join("\n");
      }),
    corrupt: async (target: CorruptionTarget, garbage: Garbage) => {
      // Session values are any JSON: valid JSON of another shape is still a valid value.
      if (target.kind === "session" && garbage === "wrong-shape") return false;
      writeRaw(file, target, garbage === "not-json" ? "{not json" : target.kind === "message" ? '[{"type":"banana"}]' : '{"hello":"world"}');
      return true;
    },
    writeRaw: async (target: CorruptionTarget, text: string) => writeRaw(file, target, text),
    close: async () => {
      for (const each of opened) await each.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
