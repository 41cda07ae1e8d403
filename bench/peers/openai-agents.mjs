// OpenAI Agents JS (`@openai/agents-core`, the SDK without the OpenAI provider): an
// `Agent` with `tool()`s and a hand-made `Model` (getResponse / getStreamedResponse)
// given through a `ModelProvider`, run with `Runner.run` (non-streamed, and with
// `stream: true` for text deltas). Tracing is disabled on the Runner: agents-core alone
// would otherwise batch every trace to a console exporter (with `@openai/agents` it
// exports them to OpenAI over the network), which is not the loop's cost.
// Usage: node --expose-gc bench/peers/openai-agents.mjs loop|stream|concurrent [size]
import { DELTA, FINAL_TEXT, THREE_TOOLS, main } from "./harness.mjs";

const usageInput = { requests: 1, inputTokens: 10, outputTokens: 2, totalTokens: 12 };

await main({
  name: "openai-agents",
  package: "@openai/agents-core",
  async load() {
    const { Agent, Runner, Usage, tool } = await import("@openai/agents-core");
    const noParameters = { type: "object", properties: {}, required: [], additionalProperties: false };
    const makeTool = (name, execute) => tool({ name, description: `Tool ${name}.`, parameters: noParameters, strict: true, execute });
    const functionCall = (name, callId) => ({ type: "function_call", id: callId, callId, name, arguments: "{}", status: "completed" });
    const message = (text) => ({ type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text }] });
    /** A Runner whose model provider serves `model` for any name. */
    const runnerFor = (model) => new Runner({ modelProvider: { getModel: () => model }, tracingDisabled: true });
    const notStreamed = async function* () {
      throw new Error("not streamed");
    };
    return {
      loopRunner(iterations, noop) {
        let id = 0;
        const model = {
          getResponse: async () => ({ usage: new Usage(usageInput), output: [functionCall("noop", `call_${id++}`)] }),
          getStreamedResponse: notStreamed,
        };
        const runner = runnerFor(model);
        const agent = new Agent({ name: "bench", instructions: "Be instant.", tools: [makeTool("noop", noop)] });
        // maxTurns model calls, each with its tool call; the error handler turns the
        // MaxTurnsExceeded ending into a final output instead of a thrown error.
        const options = { maxTurns: iterations, errorHandlers: { maxTurns: () => ({ finalOutput: "stopped", includeInHistory: false }) } };
        return async () => {
          const result = await runner.run(agent, "go", options);
          if (result.finalOutput !== "stopped") throw new Error(`unexpected run: ${result.finalOutput}`);
        };
      },
      turnRunner() {
        const model = { getResponse: async () => ({ usage: new Usage(usageInput), output: [message(FINAL_TEXT)] }), getStreamedResponse: notStreamed };
        const runner = runnerFor(model);
        const agent = new Agent({ name: "bench", instructions: "Be instant." });
        return async () => (await runner.run(agent, "go")).finalOutput;
      },
      streamRunner(deltas) {
        const text = DELTA.repeat(deltas);
        const model = {
          getResponse: async () => {
            throw new Error("streamed only");
          },
          async *getStreamedResponse() {
            yield { type: "response_started" };
            for (let i = 0; i < deltas; i++) yield { type: "output_text_delta", delta: DELTA };
            yield { type: "response_done", response: { id: "resp_0", usage: usageInput, output: [message(text)] } };
          },
        };
        const runner = runnerFor(model);
        const agent = new Agent({ name: "bench", instructions: "Be instant." });
        return async () => {
          const result = await runner.run(agent, "go", { stream: true });
          let got = 0;
          for await (const event of result) if (event.type === "raw_model_stream_event" && event.data.type === "output_text_delta") got++;
          await result.completed;
          if (result.finalOutput !== text) throw new Error("unexpected final output");
          return got;
        };
      },
      threeToolsRunner(fns) {
        let id = 0;
        // The turn is the number of tool results in the input: a, b, c, then the answer.
        const model = {
          getResponse: async ({ input }) => {
            let turn = 0;
            if (Array.isArray(input)) for (const item of input) if (item.type === "function_call_result") turn++;
            const output = turn < THREE_TOOLS.length ? [functionCall(THREE_TOOLS[turn], `call_${id++}`)] : [message(FINAL_TEXT)];
            return { usage: new Usage(usageInput), output };
          },
          getStreamedResponse: notStreamed,
        };
        const runner = runnerFor(model);
        const agent = new Agent({ name: "bench", instructions: "Be instant.", tools: THREE_TOOLS.map((name) => makeTool(name, fns[name])) });
        return async () => (await runner.run(agent, "go", { maxTurns: 10 })).finalOutput;
      },
    };
  },
});
