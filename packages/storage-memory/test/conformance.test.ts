import { describeStorageConformance, type CorruptionTarget, type Garbage } from "@baton/testing/storage-conformance";
import type { ToolJournalEntry } from "@baton/core";
import { createMemoryStorage, MemoryDatabase } from "../src/index.js";

const GARBAGE: Record<Garbage, string> = { "not-json": "{not json", "wrong-shape": '{"hello":"world"}' };

function corrupt(database: MemoryDatabase, target: CorruptionTarget, garbage: Garbage): boolean {
  const text = GARBAGE[garbage];
  switch (target.kind) {
    case "message":
      database.conversations.get(target.conversationId)!.messages[target.seq - 1] =
        garbage === "wrong-shape" ? '{"role":"user","parts":[{"type":"banana"}],"createdAt":1}' : text;
      return true;
    case "checkpoint":
      database.runs.get(target.runId)!.checkpoints.set(target.agentPath, text);
      return true;
    case "session":
      // Any JSON is a valid session value.
      if (garbage === "wrong-shape") return false;
      database.sessions.get(target.key)!.json = text;
      return true;
    case "archive":
      database.archives.get(target.id)!.json = text;
      return true;
    case "summary":
      database.conversations.get(target.conversationId)!.summary = text;
      return true;
    case "usage":
      database.usage.forEach((row, index) => {
        if (row.runId === target.runId) database.usage[index] = { ...row, json: text };
      });
      return true;
    case "journal":
      // The journal keeps entries as objects: a damaged one is an object of the wrong shape, or a value that is not an entry at all.
      database.runs.get(target.runId)!.journal.set(target.toolCallId, (garbage === "wrong-shape" ? JSON.parse(text) : text) as ToolJournalEntry);
      return true;
  }
}

describeStorageConformance("memory", async () => {
  const database = new MemoryDatabase();
  const storage = createMemoryStorage({ database });
  return {
    storage,
    openAnother: async () => createMemoryStorage({ database }),
    dump: async () => database.dump(),
    corrupt: async (target, garbage) => corrupt(database, target, garbage),
    writeRaw: async (target, text) => {
      if (target.kind !== "checkpoint") throw new Error(`writeRaw: ${target.kind} records are not supported here.`);
      database.runs.get(target.runId)!.checkpoints.set(target.agentPath, text);
    },
    close: () => storage.close(),
  };
});
