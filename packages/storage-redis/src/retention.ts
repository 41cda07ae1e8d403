import type { StorageDomain } from "@baton/core";
import type { RedisContext } from "./context.js";

const PRUNE_BATCH = 500;

/** The by-time index of a domain and the keys each of its members owns. */
function domainLayout(ctx: RedisContext, domain: Exclude<StorageDomain, "usage">): { readonly index: string; readonly keysOf: (member: string) => string[] } {
  const { keys } = ctx;
  switch (domain) {
    case "conversations":
      return { index: keys.conversationsByTime, keysOf: (id) => [keys.messages(id), keys.summary(id)] };
    case "runs":
      return { index: keys.runsByTime, keysOf: (id) => [keys.run(id), keys.checkpoints(id), keys.journal(id), keys.journalOrder(id)] };
    case "sessions":
      return { index: keys.sessionsByTime, keysOf: (key) => [keys.session(key)] };
    case "archives":
      return { index: keys.archivesByTime, keysOf: (id) => [keys.archive(id)] };
    default:
      throw new TypeError(`Unknown storage domain ${JSON.stringify(domain)}.`);
  }
}

/** Ids older than `olderThan` in a by-time index, oldest first. */
function olderMembers(ctx: RedisContext, index: string, olderThan: number): Promise<string[]> {
  return ctx.client.zrangebyscore(index, "-inf", exclusiveBound(olderThan), "LIMIT", 0, PRUNE_BATCH);
}

/** A score as Redis and Lua parse it (`inf`, not `Infinity`). */
export function scoreText(score: number): string {
  return score === Infinity ? "+inf" : score === -Infinity ? "-inf" : String(score);
}

/** An exclusive upper bound for `ZRANGEBYSCORE`. */
export function exclusiveBound(score: number): string {
  return `(${scoreText(score)}`;
}

async function pruneKeys(ctx: RedisContext, domain: Exclude<StorageDomain, "usage">, olderThan: number): Promise<number> {
  const { index, keysOf } = domainLayout(ctx, domain);
  let total = 0;
  for (;;) {
    const members = await olderMembers(ctx, index, olderThan);
    if (members.length === 0) return total;
    const keys: string[] = [index];
    const args: string[] = [scoreText(olderThan)];
    for (const member of members) {
      const owned = keysOf(member);
      keys.push(...owned);
      args.push(member, String(owned.length));
    }
    const deleted = await ctx.client.batonPruneKeys(keys.length, ...keys, ...args);
    total += deleted;
    if (deleted === 0) return total; // refreshed or pruned by someone else meanwhile
  }
}

function parseRefs(text: string | null): string[] {
  if (text === null) return [];
  try {
    const refs: unknown = JSON.parse(text);
    return Array.isArray(refs) ? refs.filter((ref): ref is string => typeof ref === "string") : [];
  } catch {
    return [];
  }
}

async function pruneUsage(ctx: RedisContext, olderThan: number): Promise<number> {
  const { keys } = ctx;
  let total = 0;
  for (;;) {
    const ids = await olderMembers(ctx, keys.usageByTime, olderThan);
    if (ids.length === 0) return total;
    const refs = await ctx.client.hmget(keys.usageRefs, ...ids);
    const scriptKeys: string[] = [keys.usageByTime, keys.usageRecords, keys.usageRefs];
    const args: string[] = [scoreText(olderThan)];
    ids.forEach((id, i) => {
      const indexKeys = parseRefs(refs[i] ?? null);
      scriptKeys.push(...indexKeys);
      args.push(id, String(indexKeys.length));
    });
    const deleted = await ctx.client.batonPruneUsage(scriptKeys.length, ...scriptKeys, ...args);
    total += deleted;
    if (deleted === 0) return total;
  }
}

/** Deletes a domain's records last written before `olderThan`, in batches of one script each; returns how many. */
export function prune(ctx: RedisContext, domain: StorageDomain, olderThan: number): Promise<number> {
  return domain === "usage" ? pruneUsage(ctx, olderThan) : pruneKeys(ctx, domain, olderThan);
}
