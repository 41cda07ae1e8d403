import type { UsageQuery, UsageRecord } from "@baton/core";
import { readUsageRecord } from "@baton/core/storage-kit";
import type { PostgresContext } from "./database.js";

/** Records usage in one multi-row `INSERT` (all or none), in the given order. */
export async function recordUsage({ db, sql }: PostgresContext, records: readonly UsageRecord[]): Promise<void> {
  if (records.length === 0) return;
  await db.rows(
    sql.recordUsage,
    [
      records.map((record) => record.runId),
      records.map((record) => record.conversationId ?? null),
      records.map((record) => record.userId ?? null),
      records.map((record) => record.recordedAt),
      records.map((record) => JSON.stringify(record)),
    ],
    "recording usage",
  );
}

/** The matching usage records by `recordedAt`, then in recording order, each checked. */
export async function queryUsage({ db, sql }: PostgresContext, query: UsageQuery): Promise<UsageRecord[]> {
  const rows = await db.rows<{ id: string; data: string }>(
    sql.queryUsage,
    [query.runId ?? null, query.conversationId ?? null, query.userId ?? null, query.from ?? null, query.to ?? null],
    "querying usage",
  );
  return rows.map((row) => readUsageRecord(row.id, row.data));
}
