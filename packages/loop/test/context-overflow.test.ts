import { describe, expect, it } from "vitest";
import { ContextLengthExceededError, type ContextEngine, type ContextEngineInput, type Message, type ModelProvider, type StreamEvent } from "@baton/core";
import { run } from "../src/index.js";

const user = (text: string): Message => ({ role: "user", content: [{ type: "text", text }] });
const history: Message[] = [
  user("one"),
  { role: "assistant", content: [{ type: "text", text: "1" }] },
  user("two"),
  { role: "assistant", content: [{ type: "text", text: "2" }] },
  user("three"),
];

/** A model whose window holds at most `maxMessages` messages; past it, the provider's context-length error. */
function smallWindowModel(
  maxMessages: number,
  wording = "This model's maximum context length is 4096 tokens. However, your messages resulted in 9000 tokens.",
): ModelProvider & { calls: number } {
  const model = {
    id: "small",
    calls: 0,
    async *stream(request: { messages: readonly Message[] }) {
      model.calls++;
      if (request.messages.length > maxMessages) throw new ContextLengthExceededError(wording, { provider: "small", status: 400 });
      yield { type: "text-delta" as const, text: `fits (${request.messages.length} messages)` };
      yield { type: "finish" as const, reason: "stop" as const };
    },
  };
  return model;
}

/** An engine that keeps the system prompt and the last user message when told a window under 5,000 tokens. */
function recordingEngine(): ContextEngine & { seen: number[] } {
  const engine = {
    seen: [] as number[],
    async prepare(input: ContextEngineInput) {
      engine.seen.push(input.contextLimit);
      if (input.contextLimit >= 5_000) return { inLoop: input.inLoop };
      const system = input.messages.filter((message) => message.role === "system");
      return {
        inLoop: input.inLoop,
        messages: [...system, input.messages.at(-1)!],
        events: [
          {
            type: "context-trimmed" as const,
            strategy: "test",
            removedMessages: input.messages.length - system.length - 1,
            tokensBefore: 9000,
            tokensAfter: 100,
          },
        ],
      };
    },
  };
  return engine;
}

describe("a call that does not fit the model's window", () => {
  it("with a context engine: trimmed to the provider's reported limit and made once more, with an event saying so", async () => {
    const model = smallWindowModel(2);
    const engine = recordingEngine();
    const events: StreamEvent[] = [];
    const result = await run({
      provider: model,
      model: "m",
      instructions: "Be brief.",
      input: history,
      contextEngine: engine,
      contextLimit: 100_000,
      onEvent: (event) => void events.push(event),
    });
    expect(result.stopReason).toBe("completed");
    expect(result.text).toBe("fits (2 messages)");
    expect(model.calls).toBe(2);
    expect(engine.seen[0]).toBe(4096);
    expect(result.iterations).toBe(2);
    expect(
      events
        .filter((event) => ["step-start", "step-end", "context-overflow", "context-trimmed"].includes(event.type))
        .map((event) => (event.type === "step-end" ? `step-end:${event.finishReason}` : event.type)),
    ).toEqual(["step-start", "step-end:error", "context-overflow", "context-trimmed", "step-start", "step-end:stop"]);
    expect(events.find((event) => event.type === "context-overflow")).toMatchObject({ iteration: 1, contextLimit: 4096 });
  });

  it("without a limit in the error, the engine is told 90 % of the configured window; a second overflow ends the run", async () => {
    const engine = recordingEngine();
    const result = await run({
      provider: smallWindowModel(0, "Input is too long for requested model."),
      model: "m",
      input: history,
      contextEngine: engine,
      contextLimit: 5_000,
    });
    expect(engine.seen[0]).toBe(4_500);
    expect(result.stopReason).toBe("error");
    expect(result.error?.code).toBe("PROVIDER_CONTEXT_LENGTH");
  });

  it("without a context engine, the run ends with the error as before", async () => {
    const model = smallWindowModel(2);
    const result = await run({ provider: model, model: "m", input: history });
    expect(result.stopReason).toBe("error");
    expect(result.error?.code).toBe("PROVIDER_CONTEXT_LENGTH");
    expect(model.calls).toBe(1);
  });
});
