// The Vercel AI SDK (`ai`): `generateText` (loop, concurrent runs) and `streamText`
// (`textStream`) with a hand-made model object implementing the LanguageModel spec
// (v4, as `MockLanguageModelV4` of `ai/test` does, but without recording every call,
// which would grow the heap over a long benchmark). Telemetry is off (the default).
// Usage: node --expose-gc bench/peers/ai-sdk.mjs loop|stream|concurrent [size]
import { DELTA, FINAL_TEXT, THREE_TOOLS, main } from "./harness.mjs";

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 2, text: 2, reasoning: 0 },
};
const toolCallsFinish = { unified: "tool-calls", raw: undefined };
const stopFinish = { unified: "stop", raw: undefined };

/** A LanguageModelV4 whose `doGenerate` answers `generate(options)` at once. */
function fakeModel(generate, doStream) {
  return {
    specificationVersion: "v4",
    provider: "fake",
    modelId: "instant",
    supportedUrls: {},
    doGenerate: async (options) => generate(options),
    doStream: async (options) => doStream(options),
  };
}

await main({
  name: "ai-sdk",
  package: "ai",
  async load() {
    const { generateText, streamText, stepCountIs, tool, jsonSchema } = await import("ai");
    const noParameters = jsonSchema({ type: "object", properties: {}, additionalProperties: false });
    const makeTool = (name, execute) => tool({ description: `Tool ${name}.`, inputSchema: noParameters, execute });
    return {
      loopRunner(iterations, noop) {
        let id = 0;
        const model = fakeModel(
          () => ({
            content: [{ type: "tool-call", toolCallId: `call_${id++}`, toolName: "noop", input: "{}" }],
            finishReason: toolCallsFinish,
            usage,
            warnings: [],
          }),
          () => {
            throw new Error("not streamed");
          },
        );
        const tools = { noop: makeTool("noop", noop) };
        const stopWhen = stepCountIs(iterations);
        return async () => {
          const result = await generateText({ model, prompt: "go", tools, stopWhen });
          if (result.steps.length !== iterations) throw new Error(`unexpected run: ${result.steps.length} steps`);
        };
      },
      turnRunner() {
        const model = fakeModel(
          () => ({ content: [{ type: "text", text: FINAL_TEXT }], finishReason: stopFinish, usage, warnings: [] }),
          () => {
            throw new Error("not streamed");
          },
        );
        return async () => (await generateText({ model, prompt: "go" })).text;
      },
      streamRunner(deltas) {
        // The model's stream has all its parts queued at once (an instant model).
        const model = fakeModel(
          () => {
            throw new Error("streamed only");
          },
          () => ({
            stream: new ReadableStream({
              start(controller) {
                controller.enqueue({ type: "stream-start", warnings: [] });
                controller.enqueue({ type: "text-start", id: "t0" });
                for (let i = 0; i < deltas; i++) controller.enqueue({ type: "text-delta", id: "t0", delta: DELTA });
                controller.enqueue({ type: "text-end", id: "t0" });
                controller.enqueue({ type: "finish", finishReason: stopFinish, usage });
                controller.close();
              },
            }),
          }),
        );
        return async () => {
          const result = streamText({ model, prompt: "go", onError: () => {} });
          let got = 0;
          for await (const _text of result.textStream) got++;
          return got;
        };
      },
      threeToolsRunner(fns) {
        let id = 0;
        // The turn is the number of tool results in the prompt: a, b, c, then the answer.
        const model = fakeModel(
          ({ prompt }) => {
            let turn = 0;
            for (const message of prompt) if (message.role === "tool") turn += message.content.length;
            if (turn < THREE_TOOLS.length) {
              return {
                content: [{ type: "tool-call", toolCallId: `call_${id++}`, toolName: THREE_TOOLS[turn], input: "{}" }],
                finishReason: toolCallsFinish,
                usage,
                warnings: [],
              };
            }
            return { content: [{ type: "text", text: FINAL_TEXT }], finishReason: stopFinish, usage, warnings: [] };
          },
          () => {
            throw new Error("not streamed");
          },
        );
        const tools = Object.fromEntries(THREE_TOOLS.map((name) => [name, makeTool(name, fns[name])]));
        const stopWhen = stepCountIs(10);
        return async () => (await generateText({ model, prompt: "go", tools, stopWhen })).text;
      },
    };
  },
});
