// @baton/anthropic: time per streamed chunk through the adapter vs iterating the same
// official SDK stream raw, side by side in one process, against startProviderServer
// replaying a long synthetic Messages API stream (5,000 text deltas by default).
// Usage: node bench/provider-anthropic.mjs [chunks] [rounds] (after a build).
// Prints one JSON line: { rawUsPerChunk, adapterUsPerChunk, overheadPercent }.
import { startProviderServer } from "@baton/testing";
import { sideBySide } from "./side-by-side.mjs";
import { createAnthropicProvider } from "../packages/anthropic/dist/index.js";
// The SDK as the adapter package resolves it (it is the adapter's dev dependency, not the bench's).
const { default: Anthropic } = await import(new URL("../packages/anthropic/node_modules/@anthropic-ai/sdk/index.mjs", import.meta.url).href);

const CHUNKS = Number(process.argv[2] ?? 5000);
const ROUNDS = Number(process.argv[3] ?? 11);

/** A Messages API stream of `count` text deltas. */
function syntheticStream(count) {
  const lines = [
    JSON.stringify({
      type: "message_start",
      message: {
        id: "msg_bench",
        type: "message",
        role: "assistant",
        model: "claude-haiku-4-5",
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 20, output_tokens: 1 },
      },
    }),
    JSON.stringify({ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }),
  ];
  for (let i = 0; i < count; i++) lines.push(JSON.stringify({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: `word${i} ` } }));
  lines.push(JSON.stringify({ type: "content_block_stop", index: 0 }));
  lines.push(JSON.stringify({ type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: count } }));
  lines.push(JSON.stringify({ type: "message_stop" }));
  return lines;
}

const server = await startProviderServer();
const chunks = syntheticStream(CHUNKS);
const client = new Anthropic({ apiKey: "bench", baseURL: server.url, maxRetries: 0 });
const provider = createAnthropicProvider({ client });
const body = { model: "claude-haiku-4-5", max_tokens: 64_000, messages: [{ role: "user", content: "go" }], stream: true };
const request = { model: "claude-haiku-4-5", messages: [{ role: "user", content: [{ type: "text", text: "go" }] }] };

async function raw() {
  server.enqueue({ kind: "stream", protocol: "anthropic", chunks });
  const started = performance.now();
  let texts = 0;
  const stream = await client.messages.create(body, { maxRetries: 0 });
  for await (const event of stream) if (event.type === "content_block_delta" && event.delta.type === "text_delta") texts++;
  const elapsed = performance.now() - started;
  if (texts !== CHUNKS) throw new Error(`raw: ${texts} text deltas, expected ${CHUNKS}`);
  return elapsed;
}

async function adapter() {
  server.enqueue({ kind: "stream", protocol: "anthropic", chunks });
  const started = performance.now();
  let texts = 0;
  for await (const part of provider.stream(request)) if (part.type === "text-delta") texts++;
  const elapsed = performance.now() - started;
  if (texts !== CHUNKS) throw new Error(`adapter: ${texts} text deltas, expected ${CHUNKS}`);
  return elapsed;
}

const result = await sideBySide({ raw, adapter, chunks: CHUNKS, rounds: ROUNDS });
await server.close();
console.log(JSON.stringify(result));
