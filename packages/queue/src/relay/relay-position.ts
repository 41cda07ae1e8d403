import type { Redis } from "ioredis";
import type { RunRelayKeys } from "./relay-keys.js";
import { seqOfEntryId } from "./relay-keys.js";

type StreamEntries = [id: string, fields: string[]][];

/** Where a run's relayed stream stands, for an attempt that continues it. */
export interface RelayPosition {
  /** The last sequence number written (0 when none). */
  readonly lastSeq: number;
  /** The first content index the next attempt may use: above every block opened so far. */
  readonly nextContentIndex: number;
  /** The root agent's path, from the last event written (undefined when none). */
  readonly rootAgentPath: string | undefined;
}

/**
 * Reads where a run's stream stands: the last sequence number (from the stream, which
 * keeps it even when its entries were trimmed) and the highest content index written
 * (kept in the run's hash as `contentMax` by every batch).
 */
export async function relayPosition(client: Redis, keys: RunRelayKeys): Promise<RelayPosition> {
  const [last, contentMax] = await Promise.all([client.xrevrange(keys.events, "+", "-", "COUNT", 1) as Promise<StreamEntries>, client.hget(keys.meta, "contentMax")]);
  const entry = last[0];
  const lastEvent = entry === undefined ? undefined : (JSON.parse(entry[1][1]!) as { agentPath?: string });
  return {
    lastSeq: entry === undefined ? 0 : seqOfEntryId(entry[0]),
    nextContentIndex: contentMax === null ? 0 : Number(contentMax) + 1,
    rootAgentPath: lastEvent?.agentPath?.split("/")[0],
  };
}
