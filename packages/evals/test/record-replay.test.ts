import type { ModelProvider, StreamEvent, Tool } from "@baton/core";
import { run } from "@baton/loop";
import { fakeTool, scriptedModel } from "@baton/testing";
import { describe, expect, it } from "vitest";
import {
  createRecorder,
  readRecording,
  type Recording,
  ReplayDivergenceError,
  ReplayExhaustedError,
  replayModel,
  replayTools,
  writeRecording,
} from "../src/index.js";

/** A weather tool whose answers say how many times it ran. */
function weatherTool(): Tool & { runs: number } {
  const tool = {
    runs: 0,
    name: "weather",
    description: "Current weather for a city.",
    parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    execute: async ({ city }: { city: string }) => {
      tool.runs++;
      return { city, celsius: 21, run: tool.runs };
    },
  };
  return tool;
}

/** A provider that streams "Hal", then fails as a dropped connection would. */
function flakyProvider(): ModelProvider {
  return {
    id: "flaky",
    async *stream() {
      yield { type: "text-delta", text: "Hal" };
      throw Object.assign(new Error("connection reset"), { name: "FetchError" });
    },
  };
}

/** A live run on a scripted model, recorded: two model calls, two weather calls in one batch. */
async function recordedRun(): Promise<{ recording: Recording; text: string; events: StreamEvent[] }> {
  const recorder = createRecorder();
  const provider = scriptedModel([
    {
      text: "Looking both up.",
      toolCalls: [
        { id: "w1", name: "weather", arguments: { city: "Paris" } },
        { id: "w2", name: "weather", arguments: { city: "Oslo" } },
      ],
      usage: { inputTokens: 100, outputTokens: 20 },
    },
    { text: "Paris and Oslo are both at 21 °C.", usage: { inputTokens: 180, outputTokens: 12 } },
  ]);
  const events: StreamEvent[] = [];
  const result = await run({
    provider: recorder.provider(provider),
    model: "test-model",
    instructions: "You are concise.",
    input: "Weather in Paris and Oslo?",
    tools: recorder.tools([weatherTool()]),
    onEvent: (event) => {
      recorder.onEvent(event);
      events.push(event);
    },
  });
  // Through JSON, as a recording is kept.
  return { recording: readRecording(writeRecording(recorder.recording())), text: result.text, events };
}

describe("createRecorder", () => {
  it("records each model call's request and streamed parts, each tool call's arguments and result, and every event, in order", async () => {
    const { recording, text, events } = await recordedRun();
    expect(text).toBe("Paris and Oslo are both at 21 °C.");
    expect(recording.format).toBe("baton-recording");
    expect(recording.version).toBe(1);
    expect(recording.modelCalls).toHaveLength(2);
    const [first, second] = recording.modelCalls;
    expect(first!.request.model).toBe("test-model");
    expect(first!.request.messages).toEqual([
      { role: "system", content: "You are concise." },
      { role: "user", content: [{ type: "text", text: "Weather in Paris and Oslo?" }] },
    ]);
    expect(first!.request.tools?.map((tool) => tool.name)).toEqual(["weather"]);
    // The second request holds the first answer and both results: its own copy of the run's messages.
    expect(second!.request.messages.map((message) => message.role)).toEqual(["system", "user", "assistant", "tool"]);
    expect(first!.parts.flatMap((part) => (part.type === "tool-call-delta" && part.id !== undefined ? [part.id] : []))).toEqual(["w1", "w2"]);
    expect(
      second!.parts
        .filter((part) => part.type === "text-delta")
        .map((part) => part.text)
        .join(""),
    ).toBe("Paris and Oslo are both at 21 °C.");
    expect(second!.parts.at(-1)).toMatchObject({ type: "finish", reason: "stop" });
    expect(recording.toolCalls).toEqual([
      { toolCallId: "w1", toolName: "weather", arguments: { city: "Paris" }, result: { city: "Paris", celsius: 21, run: 1 } },
      { toolCallId: "w2", toolName: "weather", arguments: { city: "Oslo" }, result: { city: "Oslo", celsius: 21, run: 2 } },
    ]);
    expect(recording.events.map((event) => event.type)).toEqual(JSON.parse(JSON.stringify(events)).map((event: StreamEvent) => event.type));
    expect(recording.events[0]?.type).toBe("run-start");
    expect(recording.events.at(-1)?.type).toBe("run-end");
  });

  it("writes no secret into a recording: requests, parts, tool arguments and results, and events carry *** instead", async () => {
    const secret = "sk-live-7c1f9a2b4d";
    const recorder = createRecorder({ secrets: [secret] });
    const vault = fakeTool({ name: "vault", result: { key: secret } });
    await run({
      provider: recorder.provider(
        scriptedModel([{ text: `Using ${secret}`, toolCalls: [{ id: "v1", name: "vault", arguments: { token: secret } }] }, `Done with ${secret}`]),
      ),
      model: "m",
      instructions: `The key is ${secret}.`,
      input: `Open it with ${secret}`,
      tools: recorder.tools([vault]),
      onEvent: recorder.onEvent,
    });
    const text = JSON.stringify(recorder.recording());
    expect(text).not.toContain(secret);
    expect(text).toContain("The key is ***.");
    const recording = recorder.recording();
    expect(recording.toolCalls[0]).toMatchObject({ arguments: { token: "***" }, result: { key: "***" } });
    // The run itself saw the real value: only the recording is redacted.
    expect(vault.calls[0]?.args).toEqual({ token: secret });
  });

  it("records a tool's error and a streaming tool's values and result, and passes them on unchanged", async () => {
    const recorder = createRecorder();
    const broken = fakeTool({ name: "broken", error: "disk full" });
    const counter = fakeTool({ name: "counter", stream: [1, 2, 3], result: "counted" });
    const result = await run({
      provider: recorder.provider(
        scriptedModel([
          {
            toolCalls: [
              { id: "b1", name: "broken", arguments: {} },
              { id: "c1", name: "counter", arguments: {} },
            ],
          },
          "ok",
        ]),
      ),
      model: "m",
      input: "go",
      tools: recorder.tools([broken, counter]),
    });
    expect(result.toolCalls.map((call) => [call.toolName, call.status])).toEqual([
      ["broken", "error"],
      ["counter", "ok"],
    ]);
    const [brokenCall, counterCall] = recorder.recording().toolCalls;
    expect(brokenCall).toMatchObject({ toolName: "broken", error: { code: "TOOL_EXECUTION_FAILED", message: "disk full", retryable: false } });
    expect(brokenCall).not.toHaveProperty("result");
    expect(counterCall).toMatchObject({ toolName: "counter", streamed: [1, 2, 3], result: "counted" });
  });

  it("records a model call that failed with the parts before its error", async () => {
    const recorder = createRecorder();
    const failing = flakyProvider();
    const result = await run({ provider: recorder.provider(failing), model: "m", input: "hi" });
    expect(result.stopReason).toBe("error");
    const [call] = recorder.recording().modelCalls;
    expect(call!.parts).toEqual([{ type: "text-delta", text: "Hal" }]);
    expect(call!.error).toEqual({ name: "FetchError", code: "PROVIDER_ERROR", message: "connection reset", retryable: false });
  });
});

describe("replayModel and replayTools", () => {
  it("replay a recorded run exactly: the same answer, tool results and events, no tool run, no divergence", async () => {
    const { recording, text, events } = await recordedRun();
    const model = replayModel(recording);
    const weather = weatherTool();
    const replayedEvents: StreamEvent[] = [];
    const result = await run({
      provider: model,
      model: "test-model",
      instructions: "You are concise.",
      input: "Weather in Paris and Oslo?",
      tools: replayTools(recording, [weather]),
      onEvent: (event) => replayedEvents.push(event),
    });
    expect(result.text).toBe(text);
    expect(result.toolCalls.map((call) => call.result)).toEqual([
      { city: "Paris", celsius: 21, run: 1 },
      { city: "Oslo", celsius: 21, run: 2 },
    ]);
    expect(weather.runs).toBe(0);
    expect(model.calls).toBe(2);
    expect(model.divergences).toEqual([]);
    expect(model.firstDivergence).toBeUndefined();
    // The same events in the same order, but for when each tool's end comes (the replayed tools answer at once).
    const order = (list: StreamEvent[]) => list.map((event) => event.type).filter((type) => type !== "tool-done");
    expect(order(replayedEvents)).toEqual(order(events));
    expect(replayedEvents.filter((event) => event.type === "tool-done")).toHaveLength(2);
    expect(result.usage.total).toMatchObject({ inputTokens: 280, outputTokens: 32 });
  });

  it("report where a run with changed instructions diverges: the first request, the path and both values", async () => {
    const { recording } = await recordedRun();
    const model = replayModel(recording);
    const result = await run({
      provider: model,
      model: "test-model",
      instructions: "You are verbose.",
      input: "Weather in Paris and Oslo?",
      tools: replayTools(recording, [weatherTool()]),
    });
    // The recorded responses are served anyway: the run ends as recorded.
    expect(result.text).toBe("Paris and Oslo are both at 21 °C.");
    expect(model.divergences.map((divergence) => divergence.callIndex)).toEqual([0, 1]);
    expect(model.firstDivergence).toMatchObject({ callIndex: 0, path: "messages[0].content", recorded: "You are concise.", replayed: "You are verbose." });
    expect(model.firstDivergence?.description).toBe('at messages[0].content:\n  - recorded: "You are concise."\n  + replayed: "You are verbose."');
  });

  it("report a changed tool description, and with onDivergence: throw end the run with REPLAY_DIVERGED", async () => {
    const { recording } = await recordedRun();
    const changed = { ...weatherTool(), description: "Weather now, in Celsius." };
    const reported = replayModel(recording);
    await run({
      provider: reported,
      model: "test-model",
      instructions: "You are concise.",
      input: "Weather in Paris and Oslo?",
      tools: replayTools(recording, [changed]),
    });
    expect(reported.firstDivergence).toMatchObject({
      callIndex: 0,
      path: "tools[0].description",
      recorded: "Current weather for a city.",
      replayed: "Weather now, in Celsius.",
    });

    const strict = replayModel(recording, { onDivergence: "throw" });
    const result = await run({
      provider: strict,
      model: "test-model",
      instructions: "You are concise.",
      input: "Weather in Paris and Oslo?",
      tools: replayTools(recording, [changed]),
    });
    expect(result.stopReason).toBe("error");
    expect(result.error).toMatchObject({ code: "REPLAY_DIVERGED" });
    expect(result.error?.message).toContain("Model call 1 differs from the recording at tools[0].description");
  });

  it("run the tools named live for real and report the divergence their new results cause", async () => {
    const { recording } = await recordedRun();
    const model = replayModel(recording);
    const weather = {
      ...weatherTool(),
      execute: async ({ city }: { city: string }) => ({ city, celsius: city === "Oslo" ? 4 : 21, run: 1 }),
    };
    const result = await run({
      provider: model,
      model: "test-model",
      instructions: "You are concise.",
      input: "Weather in Paris and Oslo?",
      tools: replayTools(recording, [weather], { live: ["weather"] }),
    });
    expect(result.toolCalls.map((call) => (call.result as { celsius: number }).celsius)).toEqual([21, 4]);
    expect(model.divergences).toHaveLength(1);
    expect(model.firstDivergence?.callIndex).toBe(1);
    expect(model.firstDivergence?.path).toMatch(/^messages\[3\]\.content\[1\]/);
  });

  it("fail a model call past the recording with REPLAY_EXHAUSTED, and a tool called more often than recorded", async () => {
    const { recording } = await recordedRun();
    const model = replayModel({ ...recording, modelCalls: recording.modelCalls.slice(0, 1) });
    const result = await run({
      provider: model,
      model: "test-model",
      instructions: "You are concise.",
      input: "Weather in Paris and Oslo?",
      tools: replayTools({ ...recording, toolCalls: recording.toolCalls.slice(0, 1) }, [weatherTool()]),
    });
    expect(result.toolCalls.map((call) => [call.status, call.error?.code])).toEqual([
      ["ok", undefined],
      ["error", "REPLAY_EXHAUSTED"],
    ]);
    expect(result.toolCalls[1]?.error?.message).toContain("called weather more often than the recording, which holds 1 call(s) of it");
    expect(result.stopReason).toBe("error");
    expect(result.error).toMatchObject({ code: "REPLAY_EXHAUSTED", message: "The replayed run asked for model call 2; the recording holds 1." });
    expect(new ReplayExhaustedError("x", {})).toBeInstanceOf(Error);
    expect(new ReplayDivergenceError(0, "at x")).toMatchObject({ code: "REPLAY_DIVERGED", callIndex: 0 });
  });

  it("stop a replayed run when its signal aborts, as a live run stops", async () => {
    const { recording } = await recordedRun();
    const controller = new AbortController();
    const model = replayModel(recording);
    const result = await run({
      provider: model,
      model: "test-model",
      instructions: "You are concise.",
      input: "Weather in Paris and Oslo?",
      tools: replayTools(recording, [weatherTool()]),
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === "tool-done") controller.abort();
      },
    });
    expect(result.stopReason).toBe("aborted");
    expect(model.calls).toBe(1);
  });

  it("replay a recorded model error as the same kind of error, after the parts before it", async () => {
    const recorder = createRecorder();
    const failing = flakyProvider();
    await run({ provider: recorder.provider(failing), model: "m", input: "hi" });
    const replayed = await run({ provider: replayModel(recorder.recording()), model: "m", input: "hi" });
    expect(replayed.stopReason).toBe("error");
    expect(replayed.error).toMatchObject({ code: "PROVIDER_ERROR", message: "connection reset" });
  });
});

describe("writeRecording and readRecording", () => {
  it("write each call's messages as those kept from the call before and those added, and read them back whole", async () => {
    const { recording } = await recordedRun();
    const written = JSON.parse(writeRecording(recording)) as { modelCalls: { request: Record<string, unknown> }[] };
    expect(written.modelCalls.map(({ request }) => [request.messagesKept, (request.messagesAdded as unknown[]).length, "messages" in request])).toEqual([
      [0, 2, false],
      [2, 2, false],
    ]);
    expect(Object.keys(written.modelCalls[0]!.request).slice(0, 4)).toEqual(["model", "messagesKept", "messagesAdded", "tools"]);
    const read = readRecording(writeRecording(recording));
    expect(read).toEqual(recording);
    // The kept messages are the same objects again, and the whole-request form (JSON.stringify) reads the same.
    expect(read.modelCalls[1]!.request.messages[0]).toBe(read.modelCalls[0]!.request.messages[0]);
    expect(readRecording(JSON.stringify(recording))).toEqual(recording);
    // A secret-redacted recording keeps its messages shared: it is written as compactly.
    const recorder = createRecorder({ secrets: ["never-shown"] });
    await run({
      provider: recorder.provider(scriptedModel([{ toolCalls: [{ id: "a", name: "weather", arguments: { city: "never-shown" } }] }, "done"])),
      model: "m",
      input: "go",
      tools: recorder.tools([weatherTool()]),
    });
    const redacted = JSON.parse(writeRecording(recorder.recording())) as { modelCalls: { request: { messagesKept: number } }[] };
    expect(redacted.modelCalls.map(({ request }) => request.messagesKept)).toEqual([0, 1]);
  });

  it("refuse messagesKept beyond the call before", async () => {
    const { recording } = await recordedRun();
    const written = JSON.parse(writeRecording(recording)) as { modelCalls: { request: { messagesKept: number } }[] };
    written.modelCalls[1]!.request.messagesKept = 3;
    expect(() => readRecording(written)).toThrow(
      "The recording's model call 2 needs its messages: a list, or messagesKept (at most the 2 of the call before) and a list of messagesAdded.",
    );
  });

  it("reads a recording's JSON and refuses what is not one, or one of another version, with RECORDING_INVALID", async () => {
    const { recording } = await recordedRun();
    const refusals = [
      "not json",
      JSON.stringify([]),
      JSON.stringify({ ...recording, format: "other" }),
      JSON.stringify({ ...recording, version: 2 }),
      JSON.stringify({ ...recording, toolCalls: {} }),
      JSON.stringify({ ...recording, modelCalls: [{ parts: [], request: { messages: [] } }] }),
      JSON.stringify({ ...recording, toolCalls: [{ toolName: "x" }] }),
    ].map((text) => {
      try {
        readRecording(text);
        return "read";
      } catch (error) {
        return `${(error as { code?: string }).code}: ${(error as Error).message}`;
      }
    });
    expect(refusals).toEqual([
      expect.stringMatching(/^RECORDING_INVALID: A recording must be JSON: /),
      "RECORDING_INVALID: A recording must be a JSON object.",
      'RECORDING_INVALID: Not a recording: its format is "other", not "baton-recording".',
      "RECORDING_INVALID: The recording is of format version 2; this version of @baton/evals reads version 1.",
      "RECORDING_INVALID: The recording's toolCalls must be a list.",
      "RECORDING_INVALID: The recording's model call 1 needs a request (model, messages) and a list of parts.",
      "RECORDING_INVALID: The recording's tool call 1 needs a toolCallId and a toolName.",
    ]);
  });
});
