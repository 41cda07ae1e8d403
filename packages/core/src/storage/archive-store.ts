/** A tool output moved out of the model's context, kept whole (read back by `get_tool_response`). */
export interface ArchivedToolOutput {
  /** Id the model passes to `get_tool_response`. */
  readonly id: string;
  readonly toolName: string;
  readonly toolCallId: string;
  /** The raw result, as the tool returned it (JSON-safe). */
  readonly result: unknown;
}

/** An archived output as stored. */
export interface StoredToolOutput extends ArchivedToolOutput {
  readonly runId?: string;
  readonly conversationId?: string;
  /** Milliseconds since the epoch. */
  readonly createdAt: number;
}

/** Archived tool outputs. */
export interface ArchiveStore {
  /** Stores (or replaces) an archived output under its id. */
  archiveToolOutput(output: ArchivedToolOutput & { readonly runId?: string; readonly conversationId?: string }): Promise<void>;
  /** The archived output with this id; undefined when none. */
  loadToolOutput(id: string): Promise<StoredToolOutput | undefined>;
}

/**
 * Where a context engine puts the tool outputs it archives. Two primitive methods, so
 * a {@link ArchiveStore} (see `toolArchiveOf`) or an in-process map can back it.
 */
export interface ToolArchive {
  /** Keeps an output under its id (replacing one kept before). */
  put(entry: ArchivedToolOutput): void | Promise<void>;
  /** The output kept under `id`; undefined when none is. */
  get(id: string): ArchivedToolOutput | undefined | Promise<ArchivedToolOutput | undefined>;
}
