import type { StreamEvent } from "@baton/core";
import type { Redis } from "ioredis";
import type { RunRelayKeys } from "./relay-keys.js";
import { seqOfEntryId } from "./relay-keys.js";
import { streamInfoOf } from "./stream-info.js";

/** Entries as `XRANGE` and `XREVRANGE` reply them. */
export type StreamEntries = [id: string, fields: string[]][];

/** Where a run's relayed stream stands, for an attempt that continues it. */
export interface RelayPosition {
  /** The last sequence number written (0 when none). */
  readonly lastSeq: number;
  /** The first content index the next attempt may use: above every block opened so far. */
  readonly nextContentIndex: number;
  /** The root agent's path, from the last event written (undefined when none). */
  readonly rootAgentPath: string | undefined;
  /** The last event written (undefined when none). */
  readonly lastEvent: StreamEvent | undefined;
}

/** A transaction or pipeline the position reads are added to. */
interface Commands {
  xinfo(subcommand: "STREAM", key: string): Commands;
  xrevrange(key: string, end: string, start: string, count: "COUNT", n: number): Commands;
  hget(key: string, field: string): Commands;
}

/**
 * Adds to `commands` the reads that say where a run's stream stands: the stream's last
 * sequence number (`XINFO`, which keeps it even when its entries were trimmed), its last
 * event (for the root agent's path) and the highest content index written (kept in the
 * run's hash as `contentMax` by every batch). Read the replies with {@link relayPositionOf}.
 */
export function addPositionReads<T extends Commands>(commands: T, keys: RunRelayKeys): T {
  return commands.xinfo("STREAM", keys.events).xrevrange(keys.events, "+", "-", "COUNT", 1).hget(keys.meta, "contentMax") as T;
}

/** Reads where a run's stream stands (one round trip). */
export async function relayPosition(client: Redis, keys: RunRelayKeys): Promise<RelayPosition> {
  return relayPositionOf(await addPositionReads(client.multi(), keys).exec());
}

/** The {@link RelayPosition} in the replies of a transaction that began with {@link addPositionReads}. */
export function relayPositionOf(replies: [error: Error | null, result: unknown][] | null): RelayPosition {
  const info = replies?.[0]?.[0] === null && Array.isArray(replies[0][1]) ? streamInfoOf(replies[0][1]) : undefined;
  const last = ((replies?.[1]?.[1] ?? []) as StreamEntries)[0];
  return positionOf(info?.lastSeq ?? 0, last, (replies?.[2]?.[1] ?? null) as string | null);
}

/**
 * A {@link RelayPosition} from what was read: the stream's last generated sequence
 * number (0 when none), its last entry, and the run's `contentMax`.
 */
export function positionOf(lastGeneratedSeq: number, last: StreamEntries[number] | undefined, contentMax: string | null): RelayPosition {
  const lastEvent = last === undefined ? undefined : (JSON.parse(last[1][1]!) as StreamEvent);
  const lastSeq = Math.max(lastGeneratedSeq, last === undefined ? 0 : seqOfEntryId(last[0]));
  return { lastSeq, nextContentIndex: contentMax === null ? 0 : Number(contentMax) + 1, rootAgentPath: lastEvent?.agentPath?.split("/")[0], lastEvent };
}
