import type { ToolResultPart } from "@baton/core";

/** A tool output moved out of the context, kept whole. */
export interface ArchivedToolOutput {
  /** Id the model passes to `get_tool_response`. */
  readonly id: string;
  readonly toolName: string;
  readonly toolCallId: string;
  /** The raw result, as the tool returned it. */
  readonly result: unknown;
}

/**
 * Where archived tool outputs live. Two primitive methods, so a database or object
 * store can back it; {@link InMemoryToolArchive} keeps them in the process.
 */
export interface ToolArchive {
  put(entry: ArchivedToolOutput): void | Promise<void>;
  get(id: string): ArchivedToolOutput | undefined | Promise<ArchivedToolOutput | undefined>;
}

/** A {@link ToolArchive} in memory: outputs live as long as the archive object. */
export class InMemoryToolArchive implements ToolArchive {
  private readonly entries = new Map<string, ArchivedToolOutput>();

  put(entry: ArchivedToolOutput): void {
    this.entries.set(entry.id, entry);
  }

  get(id: string): ArchivedToolOutput | undefined {
    return this.entries.get(id);
  }

  /** Number of archived outputs. */
  get size(): number {
    return this.entries.size;
  }
}

/** The archive id of a tool result: its tool-call id, which is unique in a run. */
export function archiveIdOf(part: ToolResultPart): string {
  return part.toolCallId;
}
