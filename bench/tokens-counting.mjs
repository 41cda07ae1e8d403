// Token counting (issue 5), for both tokenizers behind the same counter interface:
// - usPer200ByteMessage: countMessages([message]) of a ~200-byte chat message, encoders
//   warm, per-message cache cold (a new message object each time; texts are slices of
//   the corpus, so words repeat as they do in a real conversation);
// - counterMBps / rawEncodeMBps: throughput of countText on ~1 MB of real text against
//   the tokenizer's own encode() and its own count path (gpt-tokenizer countTokens,
//   tiktoken encode_ordinary) on the same text; percentOfFastestRaw compares the counter
//   with the fastest of all four raw paths;
// - recount10kUs: countMessages of a 10,000-message conversation after appending one
//   message, the 10,000 already counted (warm per-message cache).
// Real text: the repository's READMEs, BENCHMARKS.md and examples/research-assistant/notes,
// concatenated (and repeated) to ~1 MB. Prints one JSON line.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createOpenAITokenCounter } from "@baton/tokens";

const root = fileURLToPath(new URL("../", import.meta.url));
const tokensRequire = createRequire(join(root, "packages/tokens/package.json"));
const budgetMs = Number(process.argv[2] ?? 1000);

function repoDocs() {
  const paths = ["README.md", "BENCHMARKS.md", "PROTOCOL.md"];
  for (const dir of readdirSync(join(root, "packages")).sort()) paths.push(join("packages", dir, "README.md"));
  const notes = join("examples", "research-assistant", "notes");
  for (const file of readdirSync(join(root, notes)).sort()) if (file.endsWith(".md")) paths.push(join(notes, file));
  return paths.filter((path) => existsSync(join(root, path))).map((path) => readFileSync(join(root, path), "utf8"));
}

const docs = repoDocs();
const corpus = docs.join("\n\n");
let megabyte = "";
while (megabyte.length < 1_000_000) megabyte += `${corpus}\n\n`;
megabyte = megabyte.slice(0, megabyte.lastIndexOf(" ", 1_000_000));
const megabyteBytes = Buffer.byteLength(megabyte);

/** ~200-byte slices of the corpus at varying offsets, cut at a space. */
const chunks = [];
for (let start = 0; chunks.length < 4000; start = (start + 173) % (corpus.length - 400)) {
  const from = corpus.indexOf(" ", start) + 1;
  let text = corpus.slice(from, from + 200);
  while (Buffer.byteLength(text) > 200) text = text.slice(0, -1);
  chunks.push(text);
}
const meanChunkBytes = chunks.reduce((sum, text) => sum + Buffer.byteLength(text), 0) / chunks.length;
const paragraphs = corpus.split(/\n{2,}/).filter((p) => p.trim().length > 0);

const userMessage = (text) => ({ role: "user", content: [{ type: "text", text }] });
const assistantMessage = (text) => ({ role: "assistant", content: [{ type: "text", text }] });

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Median over samples of `fn(i)` per call, in µs; runs at least `minSamples` samples. */
function sampleUs(fn, perSample, ms = budgetMs, minSamples = 7) {
  const samples = [];
  let i = 0;
  const end = performance.now() + ms;
  while (performance.now() < end || samples.length < minSamples) {
    const start = performance.now();
    for (let k = 0; k < perSample; k++) fn(i++);
    samples.push(((performance.now() - start) * 1000) / perSample);
  }
  return median(samples);
}

/** Each tokenizer's own fastest ways to tokenize a text: encode, and its count / ordinary variant. */
const gptTokenizer = tokensRequire("gpt-tokenizer/encoding/o200k_base");
const tiktokenEncoder = tokensRequire("tiktoken").get_encoding("o200k_base");
const raw = {
  "gpt-tokenizer": { encode: (text) => gptTokenizer.encode(text).length, count: (text) => gptTokenizer.countTokens(text) },
  tiktoken: { encode: (text) => tiktokenEncoder.encode(text).length, count: (text) => tiktokenEncoder.encode_ordinary(text).length },
};

const results = {};
for (const tokenizer of ["gpt-tokenizer", "tiktoken"]) {
  const counter = createOpenAITokenCounter({ model: "gpt-4o", tokenizer });
  // Warm the encoders and the JIT.
  counter.countText(megabyte);
  raw[tokenizer].encode(megabyte);
  raw[tokenizer].count(megabyte);
  for (let i = 0; i < 2000; i++) counter.countMessages([userMessage(chunks[i % chunks.length])]);

  // 200-byte messages: new objects each time (cold per-message cache).
  const fresh = Array.from({ length: 200_000 }, (_, i) => userMessage(chunks[i % chunks.length]));
  let next = 0;
  const usPer200ByteMessage = sampleUs(() => counter.countMessages([fresh[next++ % fresh.length]]), 500);

  // Throughput on 1 MB of real text.
  const counterUs = sampleUs(() => counter.countText(megabyte), 1, budgetMs, 5);
  const rawEncodeUs = sampleUs(() => raw[tokenizer].encode(megabyte), 1, budgetMs, 5);
  const rawCountUs = sampleUs(() => raw[tokenizer].count(megabyte), 1, budgetMs, 5);
  const tokens = counter.countText(megabyte).tokens;
  if (tokens !== raw[tokenizer].encode(megabyte)) throw new Error(`${tokenizer}: counter and raw encode disagree`);

  // Recount a 10,000-message conversation after appending one message.
  const conversation = [];
  for (let i = 0; i < 10_000; i++) conversation.push((i % 2 ? assistantMessage : userMessage)(paragraphs[i % paragraphs.length]));
  counter.countMessages(conversation);
  const appended = Array.from({ length: 400 }, (_, i) => {
    const messages = conversation.slice();
    messages.push(userMessage(chunks[(i * 7) % chunks.length]));
    return messages;
  });
  let round = 0;
  const recount10kUs = sampleUs(() => counter.countMessages(appended[round++ % appended.length]), 20, budgetMs / 2);

  results[tokenizer] = {
    usPer200ByteMessage: +usPer200ByteMessage.toFixed(2),
    counterMBps: +(megabyteBytes / counterUs).toFixed(2),
    rawEncodeMBps: +(megabyteBytes / rawEncodeUs).toFixed(2),
    rawCountMBps: +(megabyteBytes / rawCountUs).toFixed(2),
    recount10kUs: +recount10kUs.toFixed(1),
    tokensPerMB: tokens,
  };
}
const fastestRaw = Math.max(...Object.values(results).flatMap((r) => [r.rawEncodeMBps, r.rawCountMBps]));
for (const r of Object.values(results)) r.percentOfFastestRaw = +((r.counterMBps / fastestRaw) * 100).toFixed(1);
const fasterShort = results["gpt-tokenizer"].usPer200ByteMessage <= results.tiktoken.usPer200ByteMessage ? "gpt-tokenizer" : "tiktoken";
console.log(
  JSON.stringify({
    encoding: "o200k_base",
    textBytes: megabyteBytes,
    meanMessageBytes: +meanChunkBytes.toFixed(1),
    encodersWarm: true,
    messageCache: { perMessage: "cold", recount: "warm" },
    fasterOnShortMessages: fasterShort,
    ...results,
  }),
);
