#!/usr/bin/env node
// @baton/openai: time per streamed chunk through the adapter vs iterating the same SDK
// stream raw, side by side in one process, against the provider replay server of
// @baton/testing sending a long synthetic Chat Completions stream (5,000 text chunks in
// OpenAI's format). Prints one JSON line: { rawUsPerChunk, adapterUsPerChunk, overheadPercent }.
// Usage: `node bench/provider-openai.mjs [chunks] [rounds]` after a build.
import { fileURLToPath, pathToFileURL } from "node:url";
import { startProviderServer } from "@baton/testing";
import { sideBySide } from "./side-by-side.mjs";

const CHUNKS = Number(process.argv[2] ?? 5000);
const ROUNDS = Number(process.argv[3] ?? 21);

// The adapter from its build, and the SDK from the adapter's own dependencies (one copy for both sides).
const packageDir = new URL("../packages/openai/", import.meta.url);
const { createOpenAIProvider } = await import(new URL("dist/index.js", packageDir).href);
const { default: OpenAI } = await import(pathToFileURL(fileURLToPath(new URL("node_modules/openai/index.mjs", packageDir))).href);

const chunk = (delta, finishReason = null, usage = null) =>
  JSON.stringify({
    id: "chatcmpl-bench",
    object: "chat.completion.chunk",
    created: 1770933892,
    model: "gpt-4.1-nano-2025-04-14",
    service_tier: "default",
    system_fingerprint: "fp_de604bd877",
    choices: usage ? [] : [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    usage,
    obfuscation: "Qup1BsQ3",
  });
const chunks = [chunk({ role: "assistant", content: "", refusal: null })];
for (let i = 0; i < CHUNKS; i++) chunks.push(chunk({ content: ` word${i % 100}` }));
chunks.push(chunk({}, "stop"));
chunks.push(
  chunk(null, null, {
    prompt_tokens: 16,
    completion_tokens: CHUNKS,
    total_tokens: 16 + CHUNKS,
    prompt_tokens_details: { cached_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: 0 },
  }),
);

const server = await startProviderServer();
const client = new OpenAI({ apiKey: "bench", baseURL: `${server.url}/v1`, maxRetries: 0 });
const provider = createOpenAIProvider({ client });
const messages = [{ role: "user", content: [{ type: "text", text: "Write a long text." }] }];

async function raw() {
  server.enqueue({ kind: "stream", protocol: "openai-chat", chunks });
  const start = performance.now();
  const stream = await client.chat.completions.create({
    model: "gpt-4.1-nano",
    messages: [{ role: "user", content: "Write a long text." }],
    stream: true,
    stream_options: { include_usage: true },
  });
  let count = 0;
  for await (const item of stream) if (item.choices[0]?.delta?.content) count++;
  if (count !== CHUNKS) throw new Error(`raw: ${count} chunks`);
  return performance.now() - start;
}

async function adapter() {
  server.enqueue({ kind: "stream", protocol: "openai-chat", chunks });
  const start = performance.now();
  let count = 0;
  for await (const part of provider.stream({ model: "gpt-4.1-nano", messages })) if (part.type === "text-delta") count++;
  if (count !== CHUNKS) throw new Error(`adapter: ${count} chunks`);
  return performance.now() - start;
}

const result = await sideBySide({ raw, adapter, chunks: CHUNKS, rounds: ROUNDS });
await server.close();
console.log(JSON.stringify(result));
