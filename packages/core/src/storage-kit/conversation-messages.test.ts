import { describe, expect, it } from "vitest";
import type { Message } from "../messages/index.js";
import { toConversationMessages, toModelMessages } from "./conversation-messages.js";
import { applyDataPolicyToParts } from "./policy-storage.js";
import { loadConversationHistory } from "./conversation-history.js";
import type { ConversationMessage, NewConversationMessage } from "../storage/conversation-store.js";
import type { ConversationSummary } from "../storage/summary-store.js";

const run: Message[] = [
  {
    role: "user",
    content: [
      { type: "text", text: "Weather in Paris and Rome?" },
      { type: "image", mediaType: "image/png", url: "https://x/map.png" },
    ],
  },
  {
    role: "assistant",
    content: [
      { type: "reasoning", text: "Two cities.", id: "rs_1", signature: "sig" },
      { type: "text", text: "Checking." },
      { type: "tool-call", toolCallId: "c1", toolName: "weather", arguments: { city: "Paris" } },
      { type: "tool-call", toolCallId: "c2", toolName: "weather", arguments: { city: "Rome" } },
    ],
  },
  {
    role: "tool",
    content: [
      { type: "tool-result", toolCallId: "c1", toolName: "weather", result: { c: 18 } },
      { type: "tool-result", toolCallId: "c2", toolName: "weather", result: "Error: down", isError: true },
    ],
  },
  { role: "assistant", content: [{ type: "text", text: "Paris is 18 °C; Rome is unknown." }] },
];

const stored = (messages: NewConversationMessage[]): ConversationMessage[] =>
  messages.map((message, i) => ({ ...message, conversationId: "c", seq: i + 1, createdAt: 0 }));

describe("stored conversation messages", () => {
  it("store a run as one assistant message of ordered parts and turn back into the same model messages", () => {
    const progress = { type: "progress", toolCallId: "c2", toolName: "weather", group: { name: "Fetching", steps: [] } } as const;
    const records = toConversationMessages(run, {
      runId: "r",
      agentPath: "main",
      turnTokens: [{ output: 9, reasoning: 3, iteration: 1 }, undefined],
      progress: [progress],
    });
    expect(records.map((record) => record.role)).toEqual(["user", "assistant"]);
    expect(records[1]!.parts.map((part) => part.type)).toEqual(["text", "progress", "tool-results", "text"]);
    expect(records[1]!.parts[0]).toMatchObject({
      text: "Checking.",
      tokens: { output: 9, reasoning: 3 },
      iteration: 1,
      reasoning: [{ id: "rs_1", signature: "sig" }],
    });
    expect(records[1]).toMatchObject({ runId: "r", agentPath: "main" });
    expect(toModelMessages(stored(records))).toEqual(run);
  });

  it("keep model messages valid when a policy stored calls without their results, or results without their calls", () => {
    const callsOnly = toConversationMessages(run).map((record) =>
      record.role === "assistant"
        ? { ...record, parts: applyDataPolicyToParts(record.parts, { storeText: true, storeToolCalls: true, storeToolResults: false }) }
        : record,
    );
    const messages = toModelMessages(stored(callsOnly));
    expect(messages[2]).toEqual({
      role: "tool",
      content: [
        { type: "tool-result", toolCallId: "c1", toolName: "weather", result: "[This tool result was not stored.]" },
        { type: "tool-result", toolCallId: "c2", toolName: "weather", result: "[This tool result was not stored.]" },
      ],
    });
    const resultsOnly = toConversationMessages(run).map((record) =>
      record.role === "assistant"
        ? { ...record, parts: applyDataPolicyToParts(record.parts, { storeText: true, storeToolCalls: false, storeToolResults: true }) }
        : record,
    );
    expect(toModelMessages(stored(resultsOnly)).map((message) => message.role)).toEqual(["user", "assistant", "assistant"]);
  });

  it("apply a policy to parts: text off keeps a turn's kept calls, filters drop calls, results and progress of other tools", () => {
    const [, assistant] = toConversationMessages(run, {
      progress: [{ type: "progress", toolCallId: "c1", toolName: "weather", group: { name: "g", steps: [] } }],
    });
    expect(applyDataPolicyToParts(assistant!.parts, { storeText: false, storeToolCalls: true, storeToolResults: true })).toEqual([
      { type: "text", text: "", toolCalls: (run[1]!.content as unknown[]).slice(2) },
      assistant!.parts[1],
      assistant!.parts[2],
    ]);
    const none = (name: string) => name !== "weather";
    expect(
      applyDataPolicyToParts(assistant!.parts, {
        storeText: true,
        storeToolCalls: true,
        storeToolResults: true,
        filterToolCalls: none,
        filterToolResults: none,
      }).map((part) => part.type),
    ).toEqual(["text", "text"]);
  });

  it("load a conversation with its summary in place of the messages it covers", async () => {
    const messages = stored(toConversationMessages([...run, { role: "user", content: [{ type: "text", text: "And Oslo?" }] }]));
    let summary: ConversationSummary | undefined = { text: "Paris 18 °C.", throughSeq: 2, createdAt: 0 };
    const store = {
      loadSummary: async () => summary,
      loadMessages: async (_id: string, options: { afterSeq?: number; throughSeq?: number } = {}) =>
        messages.filter((m) => m.seq > (options.afterSeq ?? 0) && m.seq <= (options.throughSeq ?? Infinity)),
      appendMessages: async () => ({ firstSeq: 1, version: 1 }),
      saveSummary: async () => {},
    };
    expect(await loadConversationHistory(store, "c")).toEqual({
      messages: [
        { role: "system", content: "Summary of the earlier conversation:\nParis 18 °C." },
        { role: "user", content: [{ type: "text", text: "And Oslo?" }] },
      ],
      throughSeq: 3,
    });
    // A resumed run reading through an earlier point ignores a newer summary.
    summary = { text: "later", throughSeq: 3, createdAt: 0 };
    expect((await loadConversationHistory(store, "c", 2)).messages).toEqual(run);
  });
});
