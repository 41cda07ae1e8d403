import { ZERO_TOKEN_USAGE, type BatonError, type ErrorEvent, type RunEndEvent } from "@baton/core";
import type { Redis } from "ioredis";
import { entryId, runRelayKeys } from "./relay-keys.js";
import { relayPosition } from "./relay-position.js";

/**
 * Ends the relayed stream of a run whose job failed for good (no worker will write
 * its `run-end`): appends an `error` event with `failure` and a root `run-end` with
 * stop reason `error` after the last event, and marks the stream ended, so clients
 * that follow the run stop waiting (and do not reconnect for a `run-end` that would
 * never come). The usage in that `run-end` is zero: what the run used is in storage.
 */
export async function appendRunFailure(
  client: Redis,
  prefix: string,
  runId: string,
  failure: BatonError,
  relay: { readonly maxLength: number; readonly expireAfterMs: number },
): Promise<void> {
  const keys = runRelayKeys(prefix, runId);
  const position = await relayPosition(client, keys);
  const base = { runId, agentPath: position.rootAgentPath ?? "main", contentIndex: position.nextContentIndex, timestamp: Date.now() };
  const error: ErrorEvent = { ...base, type: "error", seq: position.lastSeq + 1, error: failure.toJSON() };
  const end: RunEndEvent = {
    ...base,
    type: "run-end",
    seq: position.lastSeq + 2,
    stopReason: "error",
    text: "",
    iterations: 0,
    toolCallCount: 0,
    usage: { ...ZERO_TOKEN_USAGE, calls: 0, costComplete: true, tools: [] },
    error: failure.toJSON(),
  };
  await client
    .multi()
    .xadd(keys.events, "MAXLEN", "~", relay.maxLength, entryId(error.seq), "e", JSON.stringify(error))
    .xadd(keys.events, "MAXLEN", "~", relay.maxLength, entryId(end.seq), "e", JSON.stringify(end))
    .hset(keys.meta, "ended", "1", "contentMax", String(position.nextContentIndex))
    .pexpire(keys.events, relay.expireAfterMs)
    .pexpire(keys.meta, relay.expireAfterMs)
    .exec();
}
