import type { StorageDomain } from "@baton/core";
import type { PostgresContext } from "./database.js";

/** Deletes a domain's records last written before `olderThan` (with the rows they own) in one statement; returns how many. */
export async function prune({ db, sql }: PostgresContext, domain: StorageDomain, olderThan: number): Promise<number> {
  const [row] = await db.rows<{ deleted: number }>(sql.prune[domain], [olderThan], `pruning ${domain}`);
  return row?.deleted ?? 0;
}
