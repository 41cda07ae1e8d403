import type { Database, Statement } from "better-sqlite3";
import type { RecordUsageOptions, RunFence, UsageQuery, UsageRecord } from "@baton/core";
import { readUsageRecord } from "@baton/core/storage-kit";
import type { SqliteFence } from "./fence.js";

/** Usage records over SQLite, synchronously (the storage wraps them in promises). */
export interface SqliteUsage {
  record(records: readonly UsageRecord[], options: RecordUsageOptions): void;
  query(query: UsageQuery): UsageRecord[];
}

type Filter = "runId" | "conversationId" | "userId" | "from" | "to";

const FILTERS: readonly (readonly [Filter, string])[] = [
  ["runId", "run_id = ?"],
  ["conversationId", "conversation_id = ?"],
  ["userId", "user_id = ?"],
  ["from", "recorded_at >= ?"],
  ["to", "recorded_at < ?"],
];

/**
 * Prepares the usage statements once: the insert, and one select per combination of
 * query fields (prepared on its first use), so each query uses the matching index.
 * Records are stored whole as JSON; their filter fields are columns too. A recording is
 * one `BEGIN IMMEDIATE` transaction that checks the run's `fence` (when given) first.
 */
export function sqliteUsage(db: Database, fence: SqliteFence): SqliteUsage {
  const insert = db.prepare("INSERT INTO baton_usage (run_id, conversation_id, user_id, recorded_at, data) VALUES (?, ?, ?, ?, ?)");
  const selects = new Map<string, Statement<unknown[], { id: number; data: unknown }>>();
  const record = db.transaction((records: readonly UsageRecord[], runFence: RunFence | undefined) => {
    fence.check(runFence);
    for (const usage of records) insert.run(usage.runId, usage.conversationId ?? null, usage.userId ?? null, usage.recordedAt, JSON.stringify(usage));
  });
  return {
    record: (records, options) => {
      if (records.length > 0 || options.fence !== undefined) record.immediate(records, options.fence);
    },
    query: (query) => {
      const used = FILTERS.filter(([field]) => query[field] !== undefined);
      const key = used.map(([field]) => field).join(",");
      let select = selects.get(key);
      if (select === undefined) {
        const where = used.length === 0 ? "" : ` WHERE ${used.map(([, condition]) => condition).join(" AND ")}`;
        select = db.prepare<unknown[], { id: number; data: unknown }>(`SELECT id, data FROM baton_usage${where} ORDER BY recorded_at, id`);
        selects.set(key, select);
      }
      return select.all(...used.map(([field]) => query[field])).map((row) => readUsageRecord(row.id, row.data));
    },
  };
}
