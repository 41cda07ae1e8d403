import { seqOfEntryId } from "./relay-keys.js";

/** What the relay reads from a reply of `XINFO STREAM`. */
export interface StreamInfo {
  /** The number of the last entry ever added (kept when entries are trimmed; 0 for none). */
  readonly lastSeq: number;
  /** The number of the oldest entry still kept; undefined when none is kept. */
  readonly firstSeq: number | undefined;
}

/** Reads a reply of `XINFO STREAM` (a flat list of field names and values). */
export function streamInfoOf(reply: readonly unknown[]): StreamInfo {
  const field = (name: string): unknown => {
    const at = reply.indexOf(name);
    return at >= 0 && at % 2 === 0 ? reply[at + 1] : undefined;
  };
  const first = field("first-entry") as [string, string[]] | null | undefined;
  return { lastSeq: seqOfEntryId(String(field("last-generated-id") ?? "0-0")), firstSeq: first ? seqOfEntryId(first[0]) : undefined };
}
