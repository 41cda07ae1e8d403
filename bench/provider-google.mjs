// @baton/google: time per streamed chunk through the adapter vs iterating the same
// official SDK stream raw, side by side in one process, against startProviderServer
// replaying a long synthetic streamGenerateContent stream (5,000 text chunks by default).
// Usage: node bench/provider-google.mjs [chunks] [rounds] (after a build).
// Prints one JSON line: { rawUsPerChunk, adapterUsPerChunk, overheadPercent }.
import { startProviderServer } from "@baton/testing";
import { sideBySide } from "./side-by-side.mjs";
import { createGoogleProvider } from "../packages/google/dist/index.js";
// The SDK as the adapter package resolves it (the adapter's dev dependency, not the bench's).
const { GoogleGenAI } = await import(new URL("../packages/google/node_modules/@google/genai/dist/node/index.mjs", import.meta.url).href);

const CHUNKS = Number(process.argv[2] ?? 5000);
const ROUNDS = Number(process.argv[3] ?? 11);
const MODEL = "gemini-2.5-flash";

/** A Gemini SSE stream of `count` one-word text chunks, usage on each, the finish reason on the last. */
function syntheticStream(count) {
  const lines = [];
  for (let i = 0; i < count; i++) {
    const last = i === count - 1;
    lines.push(
      JSON.stringify({
        candidates: [{ content: { role: "model", parts: [{ text: `word${i} ` }] }, ...(last ? { finishReason: "STOP" } : {}), index: 0 }],
        usageMetadata: { promptTokenCount: 20, candidatesTokenCount: i + 1, totalTokenCount: 21 + i },
        modelVersion: MODEL,
        responseId: "bench-response",
      }),
    );
  }
  return lines;
}

const server = await startProviderServer();
const chunks = syntheticStream(CHUNKS);
// Both sides as a user would set them up: a plain SDK client, and the adapter built from a key and URL.
const client = new GoogleGenAI({ apiKey: "bench", httpOptions: { baseUrl: server.url } });
const provider = createGoogleProvider({ apiKey: "bench", baseURL: server.url });
const request = { model: MODEL, messages: [{ role: "user", content: [{ type: "text", text: "go" }] }] };

async function raw() {
  server.enqueue({ kind: "stream", protocol: "google", chunks });
  const started = performance.now();
  let texts = 0;
  const stream = await client.models.generateContentStream({
    model: MODEL,
    contents: [{ role: "user", parts: [{ text: "go" }] }],
    config: { thinkingConfig: { includeThoughts: true } },
  });
  for await (const chunk of stream) for (const part of chunk.candidates?.[0]?.content?.parts ?? []) if (part.text) texts++;
  const elapsed = performance.now() - started;
  if (texts !== CHUNKS) throw new Error(`raw: ${texts} text parts, expected ${CHUNKS}`);
  return elapsed;
}

async function adapter() {
  server.enqueue({ kind: "stream", protocol: "google", chunks });
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
