// The cost floor: a minimal agent loop written directly here, with no framework. The
// fake model answers at once (an async function, or an async generator when streaming);
// the loop runs the tool calls and pushes the messages. Nothing else: no events, no
// usage records, no validation, no abort handling.
// Usage: node --expose-gc bench/peers/handwritten.mjs loop|stream|concurrent [size]
import { DELTA, FINAL_TEXT, THREE_TOOLS, main } from "./harness.mjs";

/** One agent run: call the model, run the tools it asks for, until it answers or `maxSteps`. */
async function runLoop(model, tools, input, maxSteps) {
  const messages = [{ role: "user", content: input }];
  for (let step = 0; step < maxSteps; step++) {
    const reply = await model.generate(messages);
    messages.push({ role: "assistant", content: reply.text, toolCalls: reply.toolCalls });
    if (reply.toolCalls.length === 0) return { text: reply.text, messages };
    for (const call of reply.toolCalls) {
      const result = await tools[call.name](JSON.parse(call.arguments));
      messages.push({ role: "tool", toolCallId: call.id, content: JSON.stringify(result) });
    }
  }
  return { text: "", messages };
}

/** The same loop's streaming form, for one text turn: re-yields the model's deltas as events. */
async function* streamLoop(model, input) {
  const messages = [{ role: "user", content: input }];
  let text = "";
  for await (const delta of model.stream(messages)) {
    text += delta;
    yield { type: "text-delta", text: delta };
  }
  messages.push({ role: "assistant", content: text, toolCalls: [] });
  yield { type: "done", text, messages };
}

await main({
  name: "hand-written",
  async load() {
    return {
      loopRunner(iterations, noop) {
        let id = 0;
        const model = { generate: async () => ({ text: "", toolCalls: [{ id: `call_${id++}`, name: "noop", arguments: "{}" }] }) };
        const tools = { noop };
        return () => runLoop(model, tools, "go", iterations);
      },
      turnRunner() {
        const model = { generate: async () => ({ text: FINAL_TEXT, toolCalls: [] }) };
        return async () => (await runLoop(model, {}, "go", 10)).text;
      },
      streamRunner(deltas) {
        const model = {
          async *stream() {
            for (let i = 0; i < deltas; i++) yield DELTA;
          },
        };
        return async () => {
          let got = 0;
          for await (const event of streamLoop(model, "go")) if (event.type === "text-delta") got++;
          return got;
        };
      },
      threeToolsRunner(tools) {
        let id = 0;
        const model = {
          // The turn is the number of tool results so far: a, b, c, then the answer.
          generate: async (messages) => {
            let turn = 0;
            for (const message of messages) if (message.role === "tool") turn++;
            if (turn < THREE_TOOLS.length) return { text: "", toolCalls: [{ id: `call_${id++}`, name: THREE_TOOLS[turn], arguments: "{}" }] };
            return { text: FINAL_TEXT, toolCalls: [] };
          },
        };
        return async () => (await runLoop(model, tools, "go", 10)).text;
      },
    };
  },
});
