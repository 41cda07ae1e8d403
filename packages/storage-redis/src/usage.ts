import type { RecordUsageOptions, UsageQuery, UsageRecord } from "@baton/core";
import { readUsageRecord } from "@baton/core/storage-kit";
import type { RedisContext } from "./context.js";
import { fenceArgs, throwIfFenceLost } from "./fence.js";
import { exclusiveBound, scoreText } from "./retention.js";

/** The number of a usage id (ids are zero-padded so equal `recordedAt`s sort in recording order). */
function usageNumber(member: string): number {
  return Number(member);
}

/** The per-run, per-conversation and per-user index keys of a record. */
function indexKeysOf(ctx: RedisContext, record: UsageRecord): string[] {
  return [
    ctx.keys.usageOfRun(record.runId),
    ...(record.conversationId === undefined ? [] : [ctx.keys.usageOfConversation(record.conversationId)]),
    ...(record.userId === undefined ? [] : [ctx.keys.usageOfUser(record.userId)]),
  ];
}

/**
 * Records usage in one script: the fence check (with `options.fence`: the run exists
 * and the fence's token is its token), ids from a counter, the records and every
 * index, all or none.
 * @throws RunClaimLostError when the fence check fails (nothing recorded).
 */
export async function recordUsage(ctx: RedisContext, records: readonly UsageRecord[], options: RecordUsageOptions = {}): Promise<void> {
  if (records.length === 0 && options.fence === undefined) return;
  const fence = fenceArgs(ctx, options.fence);
  const keys: string[] = [ctx.keys.usageRecords, ctx.keys.usageRefs, ctx.keys.usageSeq, ctx.keys.usageByTime];
  const args: string[] = [String(records.length), fence.token];
  records.forEach((record, index) => {
    // Checked before anything is written, so a bad record cannot leave half a batch.
    if (typeof record.recordedAt !== "number" || !Number.isFinite(record.recordedAt))
      throw new TypeError(`Usage record ${index}: recordedAt must be a finite number.`);
    if (typeof record.runId !== "string") throw new TypeError(`Usage record ${index}: runId must be a string.`);
    const indexKeys = indexKeysOf(ctx, record);
    keys.push(...indexKeys);
    args.push(JSON.stringify(record), String(record.recordedAt), String(indexKeys.length), JSON.stringify(indexKeys));
  });
  keys.push(...fence.keys);
  const reply = await ctx.client.batonRecordUsage(keys.length, ...keys, ...args);
  throwIfFenceLost(reply, options.fence);
}

/** The index that narrows the query most: run, conversation, user, else time. */
function indexFor(ctx: RedisContext, query: UsageQuery): string {
  if (query.runId !== undefined) return ctx.keys.usageOfRun(query.runId);
  if (query.conversationId !== undefined) return ctx.keys.usageOfConversation(query.conversationId);
  if (query.userId !== undefined) return ctx.keys.usageOfUser(query.userId);
  return ctx.keys.usageByTime;
}

const READ_BATCH = 1_000;

/** Matching records by `recordedAt` then recording order, read through one sorted-set index. */
export async function queryUsage(ctx: RedisContext, query: UsageQuery): Promise<UsageRecord[]> {
  const min = query.from === undefined ? "-inf" : scoreText(query.from);
  const max = query.to === undefined ? "+inf" : exclusiveBound(query.to);
  const ids = await ctx.client.zrangebyscore(indexFor(ctx, query), min, max);
  const records: UsageRecord[] = [];
  for (let start = 0; start < ids.length; start += READ_BATCH) {
    const batch = ids.slice(start, start + READ_BATCH);
    const texts = await ctx.client.hmget(ctx.keys.usageRecords, ...batch);
    texts.forEach((text, i) => {
      if (text === null) return; // pruned between the two reads
      const usage = readUsageRecord(usageNumber(batch[i] ?? ""), text);
      if (query.runId !== undefined && usage.runId !== query.runId) return;
      if (query.conversationId !== undefined && usage.conversationId !== query.conversationId) return;
      if (query.userId !== undefined && usage.userId !== query.userId) return;
      records.push(usage);
    });
  }
  return records;
}
