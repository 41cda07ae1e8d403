import { ZERO_TOKEN_USAGE, type BatonError, type ErrorEvent, type RunEndEvent } from "@baton/core";
import type { Redis } from "ioredis";
import { entryId, runRelayKeys } from "./relay-keys.js";
import { relayPosition } from "./relay-position.js";
import { isEntryIdTaken, relayScripts } from "./relay-scripts.js";

/** Times the failure is appended again after another writer added events between the position read and the append. */
const MAX_POSITION_RETRIES = 3;

/**
 * Ends the relayed stream of a run whose job failed for good (no worker will write
 * its `run-end`): appends an `error` event with `failure` and a root `run-end` with
 * stop reason `error` after the last event, and marks the stream ended, so clients
 * that follow the run stop waiting (and do not reconnect for a `run-end` that would
 * never come). The usage in that `run-end` is zero: what the run used is in storage.
 *
 * Written with the relay's append script, as every batch is: both events and the end
 * mark in one command. When another writer appended events after the stream's position
 * was read (an attempt of the run still running somewhere), nothing of the failure is
 * written; the position is read again and the failure appended after those events (up
 * to three times, then the append's error is thrown).
 */
export async function appendRunFailure(
  client: Redis,
  prefix: string,
  runId: string,
  failure: BatonError,
  relay: { readonly maxLength: number; readonly expireAfterMs: number },
): Promise<void> {
  const keys = runRelayKeys(prefix, runId);
  const scripts = relayScripts(client);
  for (let retry = 0; ; retry++) {
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
    const entries = [entryId(error.seq), JSON.stringify(error), entryId(end.seq), JSON.stringify(end)];
    try {
      await scripts.append(keys, { maxLength: relay.maxLength, entries, contentMax: position.nextContentIndex, expireAfterMs: relay.expireAfterMs });
      return;
    } catch (appendError) {
      if (!isEntryIdTaken(appendError) || retry >= MAX_POSITION_RETRIES) throw appendError;
    }
  }
}
