import type { RecordUsageOptions, UsageQuery, UsageRecord } from "@baton/core";
import { readUsageRecord } from "@baton/core/storage-kit";
import type { PostgresContext } from "./database.js";
import { claimLost } from "./fence.js";

/**
 * Records usage in one multi-row `INSERT` (all or none), in the given order. With
 * `options.fence`, the same statement checks the run's fence first (see `fence.ts`):
 * when it does not hold, nothing is recorded and a `RunClaimLostError` is thrown.
 */
export async function recordUsage(context: PostgresContext, records: readonly UsageRecord[], options: RecordUsageOptions = {}): Promise<void> {
  const { db, sql } = context;
  const { fence } = options;
  if (records.length === 0 && fence === undefined) return;
  const values: unknown[] = [
    records.map((record) => record.runId),
    records.map((record) => record.conversationId ?? null),
    records.map((record) => record.userId ?? null),
    records.map((record) => record.recordedAt),
    records.map((record) => JSON.stringify(record)),
  ];
  if (fence === undefined) {
    await db.rows(sql.recordUsage, values, "recording usage");
    return;
  }
  const [row] = await db.rows<{ fenced: number }>(sql.fencedRecordUsage, [...values, fence.runId, fence.token], "recording usage");
  if ((row?.fenced ?? 0) === 0) throw await claimLost(context, fence, "recording usage");
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
