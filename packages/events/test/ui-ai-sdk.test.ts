import { describe, expect, it } from "vitest";
import { parseJsonEventStream, readUIMessageStream, uiMessageChunkSchema, type UIMessage, type UIMessageChunk } from "ai";
import type { AgentConfig, InterruptDecisions, StreamEvent, Tool } from "@baton/core";
import { stream } from "@baton/loop";
import { fakeTool, scriptedModel, sleepTool } from "@baton/testing";
import { ProgressGroup, UI_MESSAGE_STREAM_HEADERS, uiMessageStreamResponse, type BatonUiDataTypes, type UiMessageChunk } from "../src/index.js";

type BatonUIMessage = UIMessage<unknown, BatonUiDataTypes>;

/** Compile-time check: every chunk Baton sends is a chunk the AI SDK accepts, with Baton's data parts typed. */
function asSdkChunk(chunk: UiMessageChunk): UIMessageChunk<unknown, BatonUiDataTypes> {
  return chunk;
}

/** Reads a Response body the way the AI SDK's default chat transport does: SSE → JSON → schema-checked chunks. */
async function parseBody(text: string): Promise<UIMessageChunk[]> {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
  const chunks: UIMessageChunk[] = [];
  const reader = parseJsonEventStream({ stream: body, schema: uiMessageChunkSchema }).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    if (!value.success) throw value.error;
    chunks.push(value.value);
  }
}

/** Builds the final UIMessage with the AI SDK's own reader (continuing `message` when given, as `useChat` does). */
async function readMessage(chunks: readonly UIMessageChunk[], errors: unknown[] = [], message?: BatonUIMessage): Promise<BatonUIMessage> {
  const source = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  let last: BatonUIMessage | undefined;
  for await (const next of readUIMessageStream<BatonUIMessage>({ stream: source, onError: (error) => errors.push(error), ...(message ? { message } : {}) }))
    last = next;
  if (!last) throw new Error("readUIMessageStream produced no message");
  return last;
}

/** A lookup tool that reports a progress group. */
const lookupTool: Tool<{ city: string }> = {
  name: "lookup",
  description: "Looks up the weather.",
  parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  async execute(args, ctx) {
    const progress = ProgressGroup.forTool(ctx, "Checking the weather", "CLOUD");
    const step = progress.startStep(`Asking the weather service about ${args.city}`);
    await step.send("21°C");
    step.end();
    return { city: args.city, celsius: 21 };
  },
};

/** A tool that always fails. */
const brokenTool: Tool<Record<string, never>> = {
  name: "broken",
  description: "Fails.",
  parameters: { type: "object", properties: {} },
  execute() {
    throw new Error("database is down");
  },
};

describe("uiMessageStreamResponse read by the AI SDK (ai 7)", () => {
  it("gives text, reasoning, tool parts with input and output, a tool error, steps and a progress group", async () => {
    const provider = scriptedModel([
      {
        reasoning: [
          { text: ["The user wants ", "the weather."], id: "rs_1" },
          { text: "Oslo is a city.", id: "rs_2" },
        ],
        text: ["Let me ", "check."],
        toolCalls: [
          { name: "lookup", arguments: { city: "Oslo" } },
          { name: "broken", arguments: {} },
        ],
      },
      { text: ["It is ", "21°C in Oslo."] },
    ]);
    const events: StreamEvent[] = [];
    const run = stream({ provider, model: "m", runId: "run_ui_1", input: "Weather in Oslo?", tools: [lookupTool, brokenTool], onEvent: (e) => events.push(e) });
    const response = uiMessageStreamResponse(run);

    expect(response.status).toBe(200);
    for (const [name, value] of Object.entries(UI_MESSAGE_STREAM_HEADERS)) expect(response.headers.get(name)).toBe(value);
    expect(response.headers.get("x-vercel-ai-ui-message-stream")).toBe("v1");
    expect(response.headers.get("content-type")).toBe("text/event-stream");

    const text = await response.text();
    const frames = text.split("\n\n");
    expect(frames.at(-1)).toBe("");
    expect(frames.at(-2)).toBe("data: [DONE]");
    for (const frame of frames.slice(0, -2)) expect(frame).toMatch(/^data: \{.*\}$/);
    expect((await run.result).stopReason).toBe("completed");

    const chunks = await parseBody(text);
    expect(chunks).toHaveLength(frames.length - 2);
    expect(chunks[0]).toEqual({ type: "start", messageId: "run_ui_1" });
    expect(chunks.at(-1)).toEqual({ type: "finish", finishReason: "stop" });
    expect(chunks.filter((c) => c.type === "start-step")).toHaveLength(2);
    expect(chunks.filter((c) => c.type === "finish-step")).toHaveLength(2);
    expect(chunks.filter((c) => c.type === "data-baton-tool-progress").map((c) => (c as { transient?: boolean }).transient)).toEqual([true, true, true]);

    const errors: unknown[] = [];
    const message = await readMessage(chunks, errors);
    expect(errors).toEqual([]);
    expect(message.id).toBe("run_ui_1");
    expect(message.role).toBe("assistant");

    const [lookupId, brokenId] = events.filter((e) => e.type === "tool-call").map((e) => (e.type === "tool-call" ? e.toolCall.toolCallId : ""));
    expect(message.parts.map((p) => p.type)).toEqual([
      "step-start",
      "reasoning",
      "reasoning",
      "text",
      "tool-lookup",
      "tool-broken",
      "data-baton-progress-group",
      "step-start",
      "text",
    ]);
    // Two reasoning blocks (two provider ids) in one content block: two parts with stable ids.
    expect(message.parts[1]).toMatchObject({ type: "reasoning", id: "main:reasoning:0", text: "The user wants the weather.", state: "done" });
    expect(message.parts[2]).toMatchObject({ type: "reasoning", id: "main:reasoning:0.1", text: "Oslo is a city.", state: "done" });
    expect(message.parts[3]).toMatchObject({ type: "text", text: "Let me check.", state: "done" });
    expect(message.parts[4]).toMatchObject({
      type: "tool-lookup",
      toolCallId: lookupId,
      state: "output-available",
      input: { city: "Oslo" },
      output: { city: "Oslo", celsius: 21 },
    });
    expect(message.parts[5]).toMatchObject({ type: "tool-broken", toolCallId: brokenId, state: "output-error", input: {}, errorText: "database is down" });
    expect(message.parts[6]).toMatchObject({
      type: "data-baton-progress-group",
      id: `progress:main:${lookupId}:Checking the weather`,
      data: {
        agentPath: "main",
        toolCallId: lookupId,
        toolName: "lookup",
        group: {
          name: "Checking the weather",
          icon: "CLOUD",
          steps: [{ title: "Asking the weather service about Oslo", status: "done", items: [{ kind: "text", text: "21°C" }] }],
        },
      },
    });
    expect(message.parts[8]).toMatchObject({ type: "text", text: "It is 21°C in Oslo.", state: "done" });
    expect(message.parts.filter((p) => p.type === "data-baton-tool-progress" || p.type === "data-baton-event")).toEqual([]);

    // Every chunk we sent is one the SDK's types accept.
    expect(chunks.map((c) => asSdkChunk(c as UiMessageChunk).type)).toEqual(chunks.map((c) => c.type));
  });

  it("shows a nested agent as a data-baton-agent part with its text and tool calls", async () => {
    const researcherModel = scriptedModel([{ text: "Searching.", toolCalls: [{ name: "web", arguments: { q: "cats" } }] }, "Cats purr."]);
    const researchTool: Tool<{ topic: string }> = {
      name: "research",
      description: "Researches a topic.",
      parameters: { type: "object", properties: { topic: { type: "string" } }, required: ["topic"] },
      async execute(args, ctx) {
        const result = await ctx.runSubAgent({
          name: "researcher",
          input: args.topic,
          provider: researcherModel,
          tools: [fakeTool({ name: "web", result: "page about cats" })],
        });
        return result.text;
      },
    };
    const provider = scriptedModel([{ toolCalls: [{ name: "research", arguments: { topic: "cats" } }] }, "Cats purr, says my researcher."]);
    const response = uiMessageStreamResponse(stream({ provider, model: "m", input: "cats?", tools: [researchTool] }), { headers: { "x-request-id": "r1" } });
    expect(response.headers.get("x-request-id")).toBe("r1");
    expect(response.headers.get("x-vercel-ai-ui-message-stream")).toBe("v1");

    const message = await readMessage(await parseBody(await response.text()));
    expect(message.parts.map((p) => p.type)).toEqual(["step-start", "tool-research", "data-baton-agent", "step-start", "text"]);
    expect(message.parts[1]).toMatchObject({ state: "output-available", input: { topic: "cats" }, output: "Cats purr." });
    expect(message.parts[2]).toMatchObject({
      type: "data-baton-agent",
      id: "agent:main/researcher#1",
      data: {
        agentPath: "main/researcher#1",
        parentAgentPath: "main",
        status: "done",
        stopReason: "completed",
        text: "Cats purr.",
        parts: [
          { type: "text", text: "Searching." },
          { type: "tool", toolName: "web", input: { q: "cats" }, state: "output-available", output: "page about cats" },
          { type: "text", text: "Cats purr." },
        ],
      },
    });
    expect(message.parts[4]).toMatchObject({ type: "text", text: "Cats purr, says my researcher." });
  });

  it("a run paused for approval gives an approval-requested tool part; the SDK's approval id answers it, and the resumed run completes the same message", async () => {
    const config: AgentConfig = {
      beforeToolCalls: ({ calls }) => ({ decisions: { [calls[0]!.call.toolCallId]: { type: "interrupt", payload: { reason: "costly" } } } }),
    };
    const tools = [fakeTool({ name: "buy", result: "bought" }), fakeTool({ name: "look", result: "seen" })];
    const turn = {
      text: "Buying.",
      toolCalls: [
        { id: "c1", name: "buy", arguments: { item: "car" } },
        { id: "c2", name: "look", arguments: {} },
      ],
    };
    const paused = stream({ provider: scriptedModel([turn]), model: "m", runId: "run_ui_9", input: "Buy a car.", tools, config });
    const chunks = await parseBody(await uiMessageStreamResponse(paused).text());
    const pausedResult = await paused.result;
    expect(pausedResult.stopReason).toBe("interrupted");
    expect(chunks.filter((c) => c.type === "tool-approval-request")).toEqual([
      { type: "tool-approval-request", approvalId: "c1", toolCallId: "c1", approvalDescriptor: { reason: "costly" }, reason: "costly" },
    ]);
    expect(chunks.at(-1)).toEqual({ type: "finish", finishReason: "tool-calls" });

    const errors: unknown[] = [];
    const message = await readMessage(chunks, errors);
    expect(errors).toEqual([]);
    expect(message.parts.map((p) => p.type)).toEqual(["step-start", "text", "tool-buy", "tool-look"]);
    expect(message.parts[2]).toMatchObject({
      toolCallId: "c1",
      state: "approval-requested",
      input: { item: "car" },
      approval: { id: "c1", descriptor: { reason: "costly" }, requestReason: "costly" },
    });
    expect(message.parts[3]).toMatchObject({ toolCallId: "c2", state: "input-available" });

    // The client approves (useChat's addToolApprovalResponse keeps the approval id): the id is the decision's key.
    const decisions: InterruptDecisions = Object.fromEntries(
      message.parts.flatMap((part) => ("approval" in part && part.state === "approval-requested" ? [[part.approval.id, { approve: true }]] : [])),
    );
    expect(decisions).toEqual({ c1: { approve: true } });
    const resumed = stream({ provider: scriptedModel(["Bought the car."]), model: "m", tools, config, resume: JSON.stringify(pausedResult.state), decisions });
    const message2 = await readMessage(await parseBody(await uiMessageStreamResponse(resumed, { resumed: true }).text()), errors, structuredClone(message));
    expect((await resumed.result).stopReason).toBe("completed");
    expect(errors).toEqual([]);
    expect(message2.id).toBe("run_ui_9");
    // The resumed step's repeated tool calls add no parts: the results land in the parts the client has.
    expect(message2.parts.map((p) => p.type)).toEqual(["step-start", "text", "tool-buy", "tool-look", "step-start", "step-start", "text"]);
    expect(message2.parts[2]).toMatchObject({ toolCallId: "c1", state: "output-available", input: { item: "car" }, output: "bought" });
    expect(message2.parts[3]).toMatchObject({ toolCallId: "c2", state: "output-available", output: "seen" });
    expect(message2.parts.at(-1)).toMatchObject({ type: "text", text: "Bought the car." });
  });

  it("a tool's question reaches the SDK as a data-baton-interruption part; its tool part waits as input-available", async () => {
    const ask: Tool<{ about: string }> = {
      name: "ask",
      description: "Asks the user.",
      parameters: { type: "object", properties: { about: { type: "string" } }, required: ["about"] },
      async execute(args, ctx) {
        return `color ${String(await ctx.askUser({ question: `Which color for the ${args.about}?` }))}`;
      },
    };
    const running = stream({
      provider: scriptedModel([{ toolCalls: [{ id: "q1", name: "ask", arguments: { about: "car" } }] }]),
      model: "m",
      input: "Paint it.",
      tools: [ask],
    });
    const chunks = await parseBody(await uiMessageStreamResponse(running).text());
    const result = await running.result;
    expect(result.stopReason).toBe("interrupted");
    expect(chunks.at(-1)).toEqual({ type: "finish", finishReason: "tool-calls" });
    expect(chunks.filter((c) => c.type === "tool-approval-request")).toEqual([]);
    const message = await readMessage(chunks);
    expect(message.parts.map((p) => p.type)).toEqual(["step-start", "tool-ask", "data-baton-interruption"]);
    expect(message.parts[1]).toMatchObject({ toolCallId: "q1", state: "input-available" });
    expect(message.parts[2]).toEqual({ type: "data-baton-interruption", id: "interruption:q1", data: result.interruptions![0] });
    expect(result.interruptions![0]).toMatchObject({ id: "q1", kind: "question", payload: { question: "Which color for the car?" } });
  });

  it("a failed run reaches the SDK as an error chunk after the partial answer", async () => {
    const provider = scriptedModel([{ text: ["Part", "ial"], error: "upstream 502" }]);
    const run = stream({ provider, model: "m", input: "hi" });
    const chunks = await parseBody(await uiMessageStreamResponse(run).text());
    expect((await run.result).stopReason).toBe("error");
    expect(chunks.slice(-2)).toEqual([
      { type: "error", errorText: expect.stringContaining("upstream 502") },
      { type: "finish", finishReason: "error" },
    ]);
    const errors: unknown[] = [];
    const message = await readMessage(chunks, errors);
    expect(errors.map((e) => (e as Error).message)).toEqual([expect.stringContaining("upstream 502")]);
    expect(message.parts.filter((p) => p.type === "text")).toEqual([{ type: "text", text: "Partial", state: "done" }]);
  });

  it("the body is pulled: cancelling it stops reading the events, which aborts the run", async () => {
    const provider = scriptedModel([{ text: Array.from({ length: 200 }, (_, i) => `w${i} `), chunkDelayMs: 2 }]);
    const run = stream({ provider, model: "m", input: "long answer please" });
    const response = uiMessageStreamResponse(run);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toMatch(/^data: \{"type":"start"/);
    await reader.cancel();
    const result = await run.result;
    expect(result.stopReason).toBe("aborted");
    expect(result.text.split(" ").length).toBeLessThan(200);
  });

  it("a client leaving while no events flow (a slow tool runs) aborts the run at once", async () => {
    const provider = scriptedModel([{ toolCalls: [{ name: "sleep", arguments: {} }] }, "never reached"]);
    const run = stream({ provider, model: "m", input: "wait", tools: [sleepTool(10_000)] });
    const reader = uiMessageStreamResponse(run, { forwardEvents: false }).body!.getReader();
    let received = "";
    while (!received.includes('"tool-input-available"')) received += new TextDecoder().decode((await reader.read()).value);
    const pendingRead = reader.read(); // waits inside the tool: no events come
    const cancelledAt = Date.now();
    await reader.cancel();
    expect((await pendingRead).done).toBe(true);
    const result = await run.result;
    expect(result.stopReason).toBe("aborted");
    expect(Date.now() - cancelledAt).toBeLessThan(2_000);
  });
});
