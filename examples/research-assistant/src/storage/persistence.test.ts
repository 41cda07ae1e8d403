import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messageText, type Message } from "@baton/sdk";
import { ask } from "../ask.js";
import { createResearchAssistant, DEFAULT_QUESTION } from "../agent.js";
import { chooseStorage, type ChooseStorageOptions, type StorageEnvironment } from "./choose-storage.js";

const SECOND_QUESTION = "What is the largest moon in the Solar System?";
const FIRST_ANSWER = "According to my notes, Mars has 2 known moons (mars.md) and Jupiter has 95 (jupiter.md). Together that makes 2 + 95 = 97 known moons.";

/** One run of the example as `main.ts` makes it: open the storage, ask, close the storage. */
async function runOnce(question: string, env: StorageEnvironment, options: ChooseStorageOptions, conversationId: string) {
  const { storage, location } = await chooseStorage(env, options);
  try {
    const assistant = createResearchAssistant({ storage, userId: "user-1" });
    let output = "";
    const result = await ask(question, { write: (text) => (output += text), storage, storageLocation: location, conversationId, userId: "user-1", assistant });
    return { result, output, requests: assistant.scripted!.requests, stored: await storage.loadMessages(conversationId) };
  } finally {
    await storage.close();
  }
}

const text = (message: Message | undefined) => (message ? messageText(message) : undefined);

/** Two consecutive runs on one stored conversation: the second continues the first. */
async function checkSecondRunContinuesTheFirst(env: StorageEnvironment, options: ChooseStorageOptions, location: RegExp) {
  const conversationId = `test-${randomUUID().slice(0, 8)}`;
  const first = await runOnce(DEFAULT_QUESTION, env, options, conversationId);
  expect(first.result.stopReason).toBe("completed");
  expect(first.result.text).toBe(FIRST_ANSWER);
  expect(first.output).toMatch(location);
  expect(first.output).toContain(`Conversation "${conversationId}"`);
  expect(first.output).toContain(": a new conversation.");
  expect(first.stored.map((m) => m.role)).toEqual(["user", "assistant"]);

  const second = await runOnce(SECOND_QUESTION, env, options, conversationId);
  expect(second.result.stopReason).toBe("completed");
  expect(second.output).toContain(": continues from 2 earlier messages.");
  // The model's first request of the second run holds the first run's question and answer, then the new question.
  const messages = second.requests[0]!.messages;
  expect(messages[0]!.role).toBe("system");
  expect(messages[1]).toEqual({ role: "user", content: [{ type: "text", text: DEFAULT_QUESTION }] });
  expect(messages.filter((m) => m.role === "assistant").map(text)).toContain(FIRST_ANSWER);
  expect(messages.at(-1)).toEqual({ role: "user", content: [{ type: "text", text: SECOND_QUESTION }] });
  // The scripted model answers the new question, not the old one.
  expect(second.result.toolCalls.map((call) => call.arguments)).toEqual([{ query: SECOND_QUESTION }]);
  expect(second.result.text).toContain("Ganymede is the largest moon in the Solar System.");

  expect(second.stored).toHaveLength(4);
  expect(second.stored.map((m) => [m.seq, m.role, m.userId])).toEqual([
    [1, "user", "user-1"],
    [2, "assistant", "user-1"],
    [3, "user", "user-1"],
    [4, "assistant", "user-1"],
  ]);
  expect(second.stored[2]!.parts).toEqual([{ type: "text", text: SECOND_QUESTION }]);
}

describe("the stored conversation (SQLite)", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "research-assistant-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("continues the conversation on a second run", async () => {
    const sqlitePath = join(dir, "nested", "conversations.db"); // the folder is created
    await checkSecondRunContinuesTheFirst({}, { sqlitePath }, new RegExp(`stored in ${sqlitePath.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  });

  it("ignores a DATABASE_URL that is not a PostgreSQL URL", async () => {
    const { storage, kind } = await chooseStorage({ DATABASE_URL: "mysql://db/app" }, { sqlitePath: join(dir, "other.db") });
    await storage.close();
    expect(kind).toBe("sqlite");
  });
});

// PostgreSQL: BATON_TEST_POSTGRES_URL, else the local server's `test` database.
const POSTGRES_URL = process.env.BATON_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const schema = `research_assistant_test_${randomUUID().replace(/-/g, "").slice(0, 12)}`;

/** Why PostgreSQL cannot be used (undefined when it can). */
async function probe(): Promise<string | undefined> {
  try {
    const { storage } = await chooseStorage({ DATABASE_URL: POSTGRES_URL }, { postgresSchema: schema });
    await storage.close();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
const unavailable = await probe();
const reason = `PostgreSQL is unreachable at ${POSTGRES_URL} (${unavailable})`;
if (unavailable !== undefined && !process.env.CI)
  console.warn(`Skipping the PostgreSQL test of the research assistant: ${reason}. Start PostgreSQL or set BATON_TEST_POSTGRES_URL.`);

describe.skipIf(unavailable !== undefined && !process.env.CI)("the stored conversation (PostgreSQL)", () => {
  afterAll(async () => {
    if (unavailable !== undefined) return;
    const { createPostgresStorage } = await import("@baton/storage-postgres");
    const storage = await createPostgresStorage({ connectionString: POSTGRES_URL, schema });
    try {
      await storage.pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    } finally {
      await storage.close();
    }
  });

  it("continues the conversation on a second run, with DATABASE_URL set", async () => {
    if (unavailable !== undefined) throw new Error(`${reason}. CI is set, so this test fails instead of being skipped.`);
    await checkSecondRunContinuesTheFirst(
      { DATABASE_URL: POSTGRES_URL },
      { postgresSchema: schema },
      new RegExp(`stored in PostgreSQL postgres://\\S+ \\(schema ${schema}\\)`),
    );
  });
});
