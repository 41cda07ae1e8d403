import { describe, expect, it } from "vitest";
import type { AgentConfig, Message, StreamEvent, Tool, ToolMessage } from "@baton/core";
import { run } from "@baton/loop";
import { fakeTool, scriptedModel } from "@baton/testing";
import { createMemoryStorage } from "@baton/storage-memory";
import { toolEffects } from "@baton/core/tool-access";
import { HANDOFF_DEPTH_EXCEEDED, SUB_AGENT_FAILED, defineAgent, handoffOf, transferToolName } from "../../src/multi-agent/index.js";

const user = (text: string): Message => ({ role: "user", content: [{ type: "text", text }] });

function lastToolResults(messages: readonly Message[]): ToolMessage["content"] {
  const last = messages.at(-1);
  if (last?.role !== "tool") throw new Error(`expected a tool message last, got ${last?.role}`);
  return last.content;
}

describe("handoffs", () => {
  it("A → B: control moves to B with its own instructions and tools; B's answer is the run's answer", async () => {
    const refund = fakeTool({ name: "refund", result: "refund #42 issued" });
    const billingModel = scriptedModel([
      { toolCalls: [{ id: "f1", name: "refund", arguments: { order: "A-1" } }], usage: { inputTokens: 7, outputTokens: 1 } },
      { text: "Your refund #42 is on its way.", usage: { inputTokens: 9, outputTokens: 6 } },
    ]);
    const billing = defineAgent({
      name: "billing",
      description: "Invoices and refunds.",
      instructions: "You handle billing.",
      tools: [refund],
      provider: billingModel,
    });
    const lookup = fakeTool({ name: "lookup_order", result: "order A-1, paid" });
    const triageModel = scriptedModel([
      { toolCalls: [{ id: "l1", name: "lookup_order", arguments: {} }], usage: { inputTokens: 3, outputTokens: 1 } },
      {
        text: "Let me pass you to billing.",
        toolCalls: [{ id: "t1", name: "transfer_to_billing", arguments: { reason: "Order A-1 is paid; the user wants a refund." } }],
        usage: { inputTokens: 5, outputTokens: 2 },
      },
    ]);
    const triage = defineAgent({
      name: "triage",
      description: "First contact.",
      instructions: "You route the user.",
      tools: [lookup],
      handoffs: [billing],
      provider: triageModel,
    });

    const options = triage.runOptions();
    expect(options.agentName).toBe("triage");
    expect(options.tools.map((t) => t.name)).toEqual(["lookup_order", "transfer_to_billing"]);
    // The transfer is idempotent: what it does is billing's tool calls, each journaled and declared on its own.
    expect(options.tools.map((t) => [t.name, toolEffects(t)])).toEqual([
      ["lookup_order", "once"],
      ["transfer_to_billing", "idempotent"],
    ]);

    const events: StreamEvent[] = [];
    const result = await run({ provider: triageModel, model: "m", input: "I want a refund for A-1", ...options, onEvent: (e) => events.push(e) });

    expect(result.text).toBe("Your refund #42 is on its way.");
    expect(result.stopReason).toBe("completed");
    // The calling agent stopped right after the transfer: no further model call.
    expect(triageModel.requests).toHaveLength(2);
    expect(triageModel.requests[1]!.tools?.map((t) => t.name)).toEqual(["lookup_order", "transfer_to_billing"]);

    // B's own system prompt (plus the note), the user's conversation without triage's
    // prompt, tool calls or results, and B's tools only.
    const first = billingModel.requests[0]!;
    expect(first.messages).toEqual([
      {
        role: "system",
        content: 'You handle billing.\n\nThe agent "triage" handed this conversation over to you. Its note: Order A-1 is paid; the user wants a refund.',
      },
      user("I want a refund for A-1"),
    ]);
    expect(first.tools?.map((t) => t.name)).toEqual(["refund"]);
    expect(refund.calls.map((c) => c.args)).toEqual([{ order: "A-1" }]);

    expect(handoffOf(result)).toEqual({
      from: "triage",
      to: "billing",
      agentPath: "triage/billing#1",
      answeredBy: "billing",
      chain: ["triage", "billing"],
      stopReason: "completed",
    });
    // The conversation keeps a short record with the answer (what a later turn's model reads).
    const stored = result.messages.at(-1);
    expect(stored).toEqual({
      role: "tool",
      content: [
        {
          type: "tool-result",
          toolCallId: "t1",
          toolName: "transfer_to_billing",
          result: 'The conversation was handed over to "billing". "billing" answered the user:\n\nYour refund #42 is on its way.',
        },
      ],
    });
    // Usage and tool counts of B merged into the run: lookup + transfer + refund.
    expect(result.usage.total).toMatchObject({ inputTokens: 3 + 5 + 7 + 9, outputTokens: 1 + 2 + 1 + 6, calls: 4 });
    expect(result.toolCallCount).toBe(3);

    // The stream: a handoff event from triage, then B's nested run, then triage's end with B's text.
    const handoff = events.find((e) => e.type === "handoff");
    expect(handoff).toMatchObject({ agentPath: "triage", from: "triage", to: "billing", reason: "Order A-1 is paid; the user wants a refund." });
    const nestedStart = events.findIndex((e) => e.type === "run-start" && e.agentPath === "triage/billing#1");
    expect(events.indexOf(handoff!)).toBeLessThan(nestedStart);
    const end = events.at(-1)!;
    expect(end).toMatchObject({ type: "run-end", agentPath: "triage", stopReason: "completed", text: "Your refund #42 is on its way." });
  });

  it("A → B → C: the chain ends with C's answer, each agent with its own prompt", async () => {
    const cModel = scriptedModel(["C's answer."]);
    const c = defineAgent({ name: "c", description: "Agent C.", instructions: "You are C.", provider: cModel });
    const bModel = scriptedModel([{ toolCalls: [{ id: "bc", name: "transfer_to_c", arguments: {} }] }]);
    const b = defineAgent({ name: "b", description: "Agent B.", instructions: "You are B.", handoffs: [c], provider: bModel });
    const aModel = scriptedModel([{ toolCalls: [{ id: "ab", name: "transfer_to_b", arguments: { reason: "B knows" } }] }]);
    const a = defineAgent({ name: "a", description: "Agent A.", instructions: "You are A.", handoffs: [b], provider: aModel });

    const events: StreamEvent[] = [];
    const result = await run({
      provider: aModel,
      model: "m",
      input: [user("hello"), { role: "assistant", content: [{ type: "text", text: "Hi!" }] }, user("question")],
      ...a.runOptions(),
      onEvent: (e) => events.push(e),
    });

    expect(result.text).toBe("C's answer.");
    expect(result.stopReason).toBe("completed");
    expect(handoffOf(result)).toMatchObject({ from: "a", to: "b", agentPath: "a/b#1", answeredBy: "c", chain: ["a", "b", "c"] });
    expect(bModel.requests[0]!.tools?.map((t) => t.name)).toEqual(["transfer_to_c"]);
    // C sees the user's conversation, not the transfers.
    expect(cModel.requests[0]!.messages).toEqual([
      { role: "system", content: 'You are C.\n\nThe agent "b" handed this conversation over to you.' },
      user("hello"),
      { role: "assistant", content: [{ type: "text", text: "Hi!" }] },
      user("question"),
    ]);
    expect(cModel.requests[0]!.tools).toBeUndefined();
    expect(events.filter((e) => e.type === "handoff").map((e) => `${e.agentPath}: ${e.type === "handoff" ? `${e.from} → ${e.to}` : ""}`)).toEqual([
      "a: a → b",
      "a/b#1: b → c",
    ]);
    expect(events.some((e) => e.type === "run-end" && e.agentPath === "a/b#1/c#1")).toBe(true);
    expect(result.toolMetadata.ab!.subAgent).toMatchObject({ agentPath: "a/b#1", text: "C's answer." });
  });

  it("past maxHandoffs the transfer is refused with HANDOFF_DEPTH_EXCEEDED, naming the chain; the agent answers itself", async () => {
    const cModel = scriptedModel(["never"]);
    const c = defineAgent({ name: "c", description: "Agent C.", instructions: "You are C.", provider: cModel });
    const bModel = scriptedModel([{ toolCalls: [{ id: "bc", name: "transfer_to_c", arguments: {} }] }, "B answers itself."]);
    const b = defineAgent({ name: "b", description: "Agent B.", instructions: "You are B.", handoffs: [c], provider: bModel });
    const aModel = scriptedModel([{ toolCalls: [{ id: "ab", name: "transfer_to_b", arguments: {} }] }]);
    const a = defineAgent({ name: "a", description: "Agent A.", instructions: "You are A.", handoffs: [b], maxHandoffs: 1, provider: aModel });

    const result = await run({ provider: aModel, model: "m", input: "q", ...a.runOptions() });

    expect(result.text).toBe("B answers itself.");
    expect(cModel.requests).toHaveLength(0);
    const seen = lastToolResults(bModel.requests[1]!.messages)[0]!;
    expect(seen.isError).toBe(true);
    expect(seen.result).toBe(
      `Error (HANDOFF_DEPTH_EXCEEDED): Cannot hand off to "c": the handoff chain a → b → c would exceed the maximum of 1 handoff (${HANDOFF_DEPTH_EXCEEDED}). Answer the user yourself.`,
    );
    expect(result.toolMetadata.bc!.error).toMatchObject({ code: HANDOFF_DEPTH_EXCEEDED, details: { chain: ["a", "b", "c"], maxHandoffs: 1 } });
    expect(handoffOf(result)).toMatchObject({ answeredBy: "b", chain: ["a", "b"] });
  });

  it("maxHandoffs 0 (set for one run) refuses the first transfer", async () => {
    const b = defineAgent({ name: "b", description: "Agent B.", instructions: "You are B.", provider: scriptedModel(["never"]) });
    const aModel = scriptedModel([{ toolCalls: [{ id: "ab", name: "transfer_to_b", arguments: {} }] }, "A answers."]);
    const a = defineAgent({ name: "a", description: "Agent A.", instructions: "You are A.", handoffs: [b] });
    const result = await run({ provider: aModel, model: "m", input: "q", ...a.runOptions({ maxHandoffs: 0 }) });
    expect(result.text).toBe("A answers.");
    expect(handoffOf(result)).toBeUndefined();
    expect(result.toolMetadata.ab!.error).toMatchObject({ code: HANDOFF_DEPTH_EXCEEDED, details: { chain: ["a", "b"] } });
  });

  it("agents that hand off to each other are bounded by maxHandoffs", async () => {
    // Both models always hand over to the other one, until refused.
    const pingModel = scriptedModel([
      { toolCalls: [{ name: "transfer_to_pong", arguments: {} }] },
      { toolCalls: [{ name: "transfer_to_pong", arguments: {} }] },
      "ping gives up",
    ]);
    const pongModel = scriptedModel([{ toolCalls: [{ name: "transfer_to_ping", arguments: {} }] }]);
    const ping = defineAgent({ name: "ping", description: "Ping.", instructions: "Ping.", handoffs: () => [pong], provider: pingModel, maxHandoffs: 2 });
    const pong = defineAgent({ name: "pong", description: "Pong.", instructions: "Pong.", handoffs: () => [ping], provider: pongModel });
    const result = await run({ provider: pingModel, model: "m", input: "q", ...ping.runOptions() });
    // ping → pong → ping (2 handoffs); the second ping's transfer is refused, so it answers.
    expect(result.text).toBe("ping gives up");
    expect(handoffOf(result)).toMatchObject({ chain: ["ping", "pong", "ping"], answeredBy: "ping", agentPath: "ping/pong#1" });
    const refusal = lastToolResults(pingModel.requests[2]!.messages)[0]!.result;
    expect(refusal).toContain("ping → pong → ping → pong would exceed the maximum of 2 handoffs");
  });

  it("a handoff past the loop's maxDepth is a MAX_DEPTH_EXCEEDED tool error", async () => {
    const c = defineAgent({ name: "c", description: "Agent C.", instructions: "You are C.", provider: scriptedModel(["never"]) });
    const bModel = scriptedModel([{ toolCalls: [{ id: "bc", name: "transfer_to_c", arguments: {} }] }, "B answers."]);
    const b = defineAgent({ name: "b", description: "Agent B.", instructions: "You are B.", handoffs: [c], provider: bModel });
    const a = defineAgent({ name: "a", description: "Agent A.", instructions: "You are A.", handoffs: [b] });
    const result = await run({
      provider: scriptedModel([{ toolCalls: [{ name: "transfer_to_b", arguments: {} }] }]),
      model: "m",
      input: "q",
      maxDepth: 1,
      ...a.runOptions(),
    });
    expect(result.text).toBe("B answers.");
    expect(lastToolResults(bModel.requests[1]!.messages)[0]!.result).toContain('Handoff to "c" could not start (MAX_DEPTH_EXCEEDED)');
    expect(result.toolMetadata.bc!.error).toMatchObject({ code: SUB_AGENT_FAILED, details: { causeCode: "MAX_DEPTH_EXCEEDED" } });
  });

  it("a failing target leaves control with the calling agent, whose model sees the error", async () => {
    const b = defineAgent({ name: "b", description: "Agent B.", instructions: "You are B.", provider: scriptedModel([{ error: "B is down" }]) });
    const aModel = scriptedModel([{ toolCalls: [{ id: "ab", name: "transfer_to_b", arguments: {} }] }, "A answers after all."]);
    const a = defineAgent({ name: "a", description: "Agent A.", instructions: "You are A.", handoffs: [b] });
    const result = await run({ provider: aModel, model: "m", input: "q", ...a.runOptions() });
    expect(result.text).toBe("A answers after all.");
    expect(result.stopReason).toBe("completed");
    expect(handoffOf(result)).toBeUndefined();
    expect(lastToolResults(aModel.requests[1]!.messages)[0]!.result).toMatch(
      /Handoff to "b" failed \(a\/b#1, stop reason "error"\): \(PROVIDER_ERROR\) .*B is down/,
    );
  });

  it("only one handoff per turn: a second transfer of the same turn is refused", async () => {
    const bModel = scriptedModel(["B here."]);
    const cModel = scriptedModel(["never"]);
    const b = defineAgent({ name: "b", description: "Agent B.", instructions: "You are B.", provider: bModel });
    const c = defineAgent({ name: "c", description: "Agent C.", instructions: "You are C.", provider: cModel });
    const aModel = scriptedModel([
      {
        toolCalls: [
          { id: "ab", name: "transfer_to_b", arguments: {} },
          { id: "ac", name: "transfer_to_c", arguments: {} },
        ],
      },
    ]);
    const a = defineAgent({ name: "a", description: "Agent A.", instructions: "You are A.", handoffs: [b, c] });
    const result = await run({ provider: aModel, model: "m", input: "q", ...a.runOptions() });
    expect(result.text).toBe("B here.");
    expect(cModel.requests).toHaveLength(0);
    expect(result.toolCalls.map((call) => call.status)).toEqual(["ok", "refused"]);
    expect(result.toolCalls[1]!.error).toMatchObject({ code: "TOOL_REFUSED" });
    expect(result.toolCalls[1]!.error!.message).toContain('Handoff to "c" refused: only one handoff per turn, and this turn hands off to "b".');
  });

  it("keeps the agent's own hooks: they run for other calls, composed before the handoff hooks", async () => {
    const seen: string[] = [];
    const config: AgentConfig = {
      beforeToolCalls: ({ calls }) => {
        seen.push(`selected ${calls.map((planned) => planned.call.toolName).join(",")}`);
      },
      afterToolBatch: ({ results }) => {
        for (const entry of results) seen.push(entry.call.toolName);
        const lookup = results.find((entry) => entry.call.toolName === "lookup");
        return lookup ? { results: { [lookup.call.toolCallId]: "looked up (modified)" } } : undefined;
      },
    };
    const b = defineAgent({ name: "b", description: "Agent B.", instructions: "You are B.", provider: scriptedModel(["B here."]) });
    const aModel = scriptedModel([{ toolCalls: [{ name: "lookup", arguments: {} }] }, { toolCalls: [{ name: transferToolName("b"), arguments: {} }] }]);
    const a = defineAgent({
      name: "a",
      description: "Agent A.",
      instructions: "You are A.",
      tools: [fakeTool({ name: "lookup", result: "raw" })],
      handoffs: [b],
      config,
    });
    const result = await run({ provider: aModel, model: "m", input: "q", ...a.runOptions() });
    expect(result.text).toBe("B here.");
    expect(lastToolResults(aModel.requests[1]!.messages)[0]!.result).toBe("looked up (modified)");
    expect(seen).toEqual(["selected lookup", "lookup", "selected transfer_to_b", "transfer_to_b"]);
  });

  it("a handoff target that waits for an approval pauses the whole run; resumed elsewhere, the target goes on and answers for the caller", async () => {
    const refundLog: string[] = [];
    const refund: Tool = {
      ...fakeTool({ name: "refund" }),
      execute: async (args: { amount: number }) => (refundLog.push(`refund ${args.amount}`), `refunded ${args.amount}`),
    };
    const approveRefunds: AgentConfig = {
      beforeToolCalls: ({ calls }) => ({
        decisions: Object.fromEntries(
          calls
            .filter((planned) => planned.call.toolName === "refund")
            .map((planned) => [planned.call.toolCallId, { type: "interrupt" as const, payload: "refund needs a person" }]),
        ),
      }),
    };
    const billingModel = scriptedModel([{ toolCalls: [{ id: "rf", name: "refund", arguments: { amount: 30 } }] }]);
    const billing = (provider: ReturnType<typeof scriptedModel>) =>
      defineAgent({ name: "billing", description: "Billing.", instructions: "You handle billing.", tools: [refund], config: approveRefunds, provider });
    const triage = (provider: ReturnType<typeof scriptedModel>) =>
      defineAgent({ name: "triage", description: "Triage.", instructions: "You route.", handoffs: [billing(provider)] });
    const triageModel = scriptedModel([{ text: "Passing you on.", toolCalls: [{ id: "t1", name: "transfer_to_billing", arguments: { reason: "refund" } }] }]);

    const paused = await run({ provider: triageModel, model: "m", input: "refund my 30 euros", ...triage(billingModel).runOptions() });
    expect(paused.stopReason).toBe("interrupted");
    expect(paused.interruptions).toEqual([
      expect.objectContaining({ agentPath: "triage/billing#1", toolCallId: "rf", toolName: "refund", payload: "refund needs a person" }),
    ]);
    expect(refundLog).toEqual([]);
    // The target started from the conversation so far, read from the run's state.
    expect(billingModel.requests[0]!.messages.slice(1)).toEqual([user("refund my 30 euros")]);

    const billingModel2 = scriptedModel(["Refunded 30 euros."]);
    const resumed = await run({
      provider: scriptedModel([]),
      model: "m",
      ...triage(billingModel2).runOptions(),
      resume: JSON.stringify(paused.state),
      decisions: { rf: { approve: true } },
    });
    expect(refundLog).toEqual(["refund 30"]);
    expect(resumed.stopReason).toBe("completed");
    expect(resumed.text).toBe("Refunded 30 euros.");
    expect(handoffOf(resumed)).toMatchObject({ from: "triage", to: "billing", answeredBy: "billing", agentPath: "triage/billing#1" });
    expect(resumed.toolCalls.map((call) => `${call.agentPath}:${call.toolName}:${call.status}`)).toEqual(["triage:transfer_to_billing:ok"]);
    // The approved call ran inside the nested run and counts against the caller's limit.
    expect(resumed.toolCallCount).toBe(2);
  });

  it("rejects a handoff listed twice", () => {
    const b = defineAgent({ name: "b", description: "Agent B.", instructions: "" });
    const a = defineAgent({ name: "a", description: "Agent A.", instructions: "", handoffs: [b, b] });
    expect(() => a.runOptions()).toThrow(/lists the handoff "b" twice/);
  });
});

describe("handoffs in a stored conversation", () => {
  it("the stored turn keeps the handoff and the answer, so the next turn's model sees both", async () => {
    const storage = createMemoryStorage();
    const billing = defineAgent({ name: "billing", description: "Billing.", instructions: "You handle billing.", provider: scriptedModel(["Refund issued."]) });
    const triageModel = scriptedModel([{ toolCalls: [{ id: "t1", name: "transfer_to_billing", arguments: {} }] }, "Anything else?"]);
    const triage = defineAgent({ name: "triage", description: "Triage.", instructions: "You route.", handoffs: [billing], provider: triageModel });

    const first = await run({ provider: triageModel, model: "m", input: "refund please", storage, conversationId: "c1", ...triage.runOptions() });
    expect(first.text).toBe("Refund issued.");
    expect(first.persisted).toBe(true);
    expect(first.custom).toMatchObject({ handoff: { answeredBy: "billing" } });

    const second = await run({ provider: triageModel, model: "m", input: "thanks", storage, conversationId: "c1", ...triage.runOptions() });
    expect(second.text).toBe("Anything else?");
    const sent = triageModel.requests[1]!.messages;
    expect(sent.at(-1)).toEqual(user("thanks"));
    const handoffResult = sent.flatMap((m) => (m.role === "tool" ? m.content : [])).find((part) => part.toolCallId === "t1");
    expect(handoffResult?.result).toBe('The conversation was handed over to "billing". "billing" answered the user:\n\nRefund issued.');
  });
});
