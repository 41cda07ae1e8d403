import type { ArchivedToolOutput, ToolArchive, ToolResultPart } from "@baton/core";

/**
 * The archive types live in `@baton/core` so storage adapters can back an archive
 * (`toolArchiveOf(storage)` of `@baton/core/storage-kit`); they are re-exported here where the strategies use them.
 */
export type { ArchivedToolOutput, ToolArchive } from "@baton/core";

/** A {@link ToolArchive} in memory: outputs live as long as the archive object. */
export class InMemoryToolArchive implements ToolArchive {
  private readonly entries = new Map<string, ArchivedToolOutput>();

  /** Keeps an output under its id (replacing one kept before). */
  put(entry: ArchivedToolOutput): void {
    this.entries.set(entry.id, entry);
  }

  /** The output kept under `id`; undefined when none is. */
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
