#!/usr/bin/env node
// Storage adapters: message appends per second (sequential, and 8 concurrent writers on
// one conversation) and the time to load a 1,000-message conversation, raw
// (`loadMessages`) and as model messages (`loadConversationHistory` of @baton/core/storage-kit).
// The appended message is a realistic assistant message: a text part with its tool
// call, then the tool's results (about 1 KB of JSON).
// Prints one JSON line: { adapter, messageBytes, sequentialPerSecond, parallelPerSecond,
// loadMs, historyMs, convertMs } (medians of this process's rounds; convertMs is
// `toModelMessages` alone on the loaded messages, the part of historyMs spent in Node), or { adapter, skipped } when
// the adapter's server cannot be reached.
// Usage: node bench/storage.mjs memory|sqlite|postgres|redis   (after a build)
//   BATON_BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test)
//   BATON_BENCH_REDIS_URL    (default redis://127.0.0.1:6379)
import { loadConversationHistory, toModelMessages } from "@baton/core/storage-kit";
import { median } from "./instant-agent.mjs";
import { openStorage } from "./open-storage.mjs";

const adapter = process.argv[2] ?? "memory";
/** Appends per round (sequential, and split over the writers for the parallel case). */
const APPENDS = Number(process.env.BENCH_STORAGE_APPENDS ?? 400);
const WRITERS = 8;
const CONVERSATION_SIZE = 1_000;
/** Each measurement repeats in rounds until this many ms have passed (and at least 3 rounds). */
const BUDGET_MS = Number(process.env.BENCH_STORAGE_BUDGET_MS ?? 1_500);

/** Text of a plausible length and shape (deterministic, so every adapter stores the same bytes). */
function prose(length, seed) {
  const words = [
    "the",
    "moon",
    "orbit",
    "of",
    "Jupiter",
    "passes",
    "notes",
    "search",
    "result",
    "Saturn",
    "and",
    "rings",
    "known",
    "distance",
    "from",
    "Sun",
    "is",
    "about",
    "million",
    "kilometres",
  ];
  let text = "";
  for (let i = seed; text.length < length; i++) text += `${words[(i * 7) % words.length]} `;
  return text.slice(0, length);
}

/** One assistant message of a run: a turn with text and a tool call, then the tool's result (~1 KB JSON). */
export function assistantMessage(i) {
  const toolCallId = `call_${i.toString(36).padStart(8, "0")}`;
  return {
    role: "assistant",
    runId: "6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e",
    agentPath: "main",
    userId: "user-42",
    parts: [
      {
        type: "text",
        text: prose(240, i),
        toolCalls: [{ type: "tool-call", toolCallId, toolName: "search_notes", arguments: { query: prose(30, i + 1), limit: 3 } }],
        tokens: { output: 87, reasoning: 0 },
        iteration: 1,
      },
      {
        type: "tool-results",
        results: [
          { type: "tool-result", toolCallId, toolName: "search_notes", result: { passages: [{ note: "jupiter.md", score: 3.78, text: prose(420, i + 2) }] } },
        ],
      },
    ],
  };
}

function userMessage(i) {
  return { role: "user", userId: "user-42", parts: [{ type: "text", text: prose(160, i) }] };
}

/** A conversation of `size` messages: a user question and the assistant's answer (with a tool call), in turn. */
function conversation(size) {
  return Array.from({ length: size }, (_, i) => (i % 2 === 0 ? userMessage(i) : assistantMessage(i)));
}

/** Runs `round` (which returns a number) until the budget is spent and at least `min` times; the median. */
async function rounds(round, min = 3) {
  const values = [];
  const end = performance.now() + BUDGET_MS;
  while (performance.now() < end || values.length < min) values.push(await round());
  return median(values);
}

const opened = await openStorage(adapter);
if (opened.skipped) {
  console.error(`storage ${adapter}: ${opened.skipped}`);
  console.log(JSON.stringify({ adapter, skipped: "unreachable" }));
} else {
  const { storage, cleanUp } = opened;
  try {
    const message = assistantMessage(1);
    const messageBytes = Buffer.byteLength(JSON.stringify(message.parts));
    let conversations = 0;

    // Warm-up: prepared statements, the pool's connections, the JIT.
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        for (let i = 0; i < 25; i++) await storage.appendMessages("warm-up", [message]);
      }),
    );

    // (a) Sequential: one writer appends single messages, one after the other.
    const sequentialPerSecond = await rounds(async () => {
      const id = `sequential-${conversations++}`;
      const start = performance.now();
      for (let i = 0; i < APPENDS; i++) await storage.appendMessages(id, [message]);
      return (APPENDS * 1000) / (performance.now() - start);
    });

    // (b) Parallel: 8 writers on one conversation at once, each appending single messages.
    const parallelPerSecond = await rounds(async () => {
      const id = `parallel-${conversations++}`;
      const start = performance.now();
      await Promise.all(
        Array.from({ length: WRITERS }, async () => {
          for (let i = 0; i < APPENDS / WRITERS; i++) await storage.appendMessages(id, [message]);
        }),
      );
      const elapsed = performance.now() - start;
      const stored = await storage.loadMessages(id);
      if (stored.length !== APPENDS || stored.some((m, i) => m.seq !== i + 1))
        throw new Error(`parallel appends: expected seq 1..${APPENDS}, got ${stored.length} messages`);
      return (APPENDS * 1000) / elapsed;
    });

    // (c) Loading a 1,000-message conversation (written in blocks of 100).
    const all = conversation(CONVERSATION_SIZE);
    for (let i = 0; i < all.length; i += 100) await storage.appendMessages("long", all.slice(i, i + 100));
    const check = await storage.loadMessages("long");
    if (check.length !== CONVERSATION_SIZE) throw new Error(`expected ${CONVERSATION_SIZE} messages, loaded ${check.length}`);
    const history = await loadConversationHistory(storage, "long");
    if (history.messages.length !== CONVERSATION_SIZE * 1.5)
      throw new Error(`expected ${CONVERSATION_SIZE * 1.5} model messages, got ${history.messages.length}`);
    // Blocks of 10 loads alternate with blocks of 10 history loads (and 10 conversions),
    // so all three see the same warm-up and machine load, and each block pays for the
    // garbage it makes (single loads would hand their GC pauses to the next one).
    for (let i = 0; i < 5; i++) await loadConversationHistory(storage, "long");
    const BLOCK = 10;
    const block = async (fn) => {
      const start = performance.now();
      for (let i = 0; i < BLOCK; i++) await fn();
      return (performance.now() - start) / BLOCK;
    };
    const stored = await storage.loadMessages("long");
    const times = { load: [], history: [], convert: [] };
    const end = performance.now() + BUDGET_MS;
    while (performance.now() < end || times.load.length < 5) {
      times.load.push(await block(() => storage.loadMessages("long")));
      times.history.push(await block(() => loadConversationHistory(storage, "long")));
      times.convert.push(await block(() => toModelMessages(stored)));
    }
    const [loadMs, historyMs, convertMs] = [times.load, times.history, times.convert].map(median);

    console.log(JSON.stringify({ adapter, messageBytes, sequentialPerSecond, parallelPerSecond, loadMs, historyMs, convertMs }));
  } finally {
    await cleanUp();
  }
}
