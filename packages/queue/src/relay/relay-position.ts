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
  const replies = await client.multi().xinfo("STREAM", keys.events).xrevrange(keys.events, "+", "-", "COUNT", 1).hget(keys.meta, "contentMax").exec();
  return relayPositionOf(replies?.[0]?.[0] === null ? replies[0][1] : undefined, (replies?.[1]?.[1] ?? []) as StreamEntries, (replies?.[2]?.[1] ?? null) as string | null);
}

/** A {@link RelayPosition} from the replies of `XINFO STREAM` (undefined when the stream does not exist), `XREVRANGE … COUNT 1` and `HGET contentMax`. */
export function relayPositionOf(streamInfo: unknown, last: StreamEntries, contentMax: string | null): RelayPosition {
  const entry = last[0];
  const lastEvent = entry === undefined ? undefined : (JSON.parse(entry[1][1]!) as { agentPath?: string });
  let lastSeq = entry === undefined ? 0 : seqOfEntryId(entry[0]);
  if (Array.isArray(streamInfo)) {
    const at = streamInfo.indexOf("last-generated-id");
    if (at >= 0) lastSeq = Math.max(lastSeq, seqOfEntryId(String(streamInfo[at + 1])));
  }
  return { lastSeq, nextContentIndex: contentMax === null ? 0 : Number(contentMax) + 1, rootAgentPath: lastEvent?.agentPath?.split("/")[0] };
}
