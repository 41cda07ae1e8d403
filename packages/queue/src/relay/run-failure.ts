import type { ErrorEvent } from "@baton/core";
import type { Redis } from "ioredis";
import type { BatonError } from "@baton/core";
import { entryId, runRelayKeys, seqOfEntryId } from "./relay-keys.js";

type StreamEntries = [id: string, fields: string[]][];

/**
 * Ends the relayed stream of a run whose job failed for good (no worker will write
 * its `run-end`): appends an `error` event with `failure` after the last event, and
 * marks the stream ended, so clients that follow the run stop waiting.
 */
export async function appendRunFailure(client: Redis, prefix: string, runId: string, failure: BatonError, relay: { readonly maxLength: number; readonly expireAfterMs: number }): Promise<void> {
  const keys = runRelayKeys(prefix, runId);
  const last = (await client.xrevrange(keys.events, "+", "-", "COUNT", 1)) as StreamEntries;
  const lastEntry = last[0];
  const lastSeq = lastEntry === undefined ? 0 : seqOfEntryId(lastEntry[0]);
  const lastEvent = lastEntry === undefined ? undefined : (JSON.parse(lastEntry[1][1]!) as { agentPath?: string; contentIndex?: number });
  const event: ErrorEvent = {
    type: "error",
    runId,
    agentPath: lastEvent?.agentPath?.split("/")[0] ?? "main",
    seq: lastSeq + 1,
    contentIndex: lastEvent?.contentIndex ?? 0,
    timestamp: Date.now(),
    error: failure.toJSON(),
  };
  await client
    .multi()
    .xadd(keys.events, "MAXLEN", "~", relay.maxLength, entryId(event.seq), "e", JSON.stringify(event))
    .hset(keys.meta, "ended", "1")
    .pexpire(keys.events, relay.expireAfterMs)
    .pexpire(keys.meta, relay.expireAfterMs)
    .exec();
}
