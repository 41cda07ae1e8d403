import type { Database } from "better-sqlite3";
import type { ArchivedToolOutput, StoredToolOutput } from "@baton/core";
import { readToolOutput, storedToolOutput } from "@baton/core/storage-kit";

/** Archived tool outputs over SQLite, synchronously (the storage wraps them in promises). */
export interface SqliteArchives {
  archive(output: ArchivedToolOutput & { readonly runId?: string; readonly conversationId?: string }): void;
  load(id: string): StoredToolOutput | undefined;
}

/**
 * Prepares the archive statements once. Each output is one row: its id, its creation
 * time (for `prune("archives")`) and the stored output as JSON.
 */
export function sqliteArchives(db: Database): SqliteArchives {
  const upsert = db.prepare(
    "INSERT INTO baton_archives (id, data, created_at) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET data = excluded.data, created_at = excluded.created_at",
  );
  const select = db.prepare<[string], { data: unknown }>("SELECT data FROM baton_archives WHERE id = ?");
  return {
    archive: (output) => {
      const createdAt = Date.now();
      const stored = storedToolOutput(output, createdAt);
      upsert.run(output.id, JSON.stringify(stored), createdAt);
    },
    load: (id) => {
      const row = select.get(id);
      return row === undefined ? undefined : readToolOutput(id, row.data);
    },
  };
}
