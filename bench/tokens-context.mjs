#!/usr/bin/env node
// Preparing the context of long conversations: Baton's context engine (sliding
// window) against `trimMessages` of @langchain/core on the same conversations with an
// equivalent token counter (4 characters a token, 3 per message).
// Baton is also measured with its real OpenAI counter (gpt-tokenizer, o200k_base):
// `batonOpenAICounter`, where the cold time includes tokenizing the kept window.
// Prints one JSON line: cold (fresh engine, nothing counted) and warm (the same
// engine again: same input, and one appended message) in ms, per conversation size.
// Text is real: slices of this repository's Markdown files.
// Usage: node bench/tokens-context.mjs   (after building @baton/tokens)
//        node bench/tokens-context.mjs langchain 100000   (one LangChain run, used with a timeout)
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import * as tokens from "@baton/tokens";
import { AIMessage, HumanMessage, SystemMessage, ToolMessage, trimMessages } from "@langchain/core/messages";

const here = dirname(fileURLToPath(import.meta.url));
const SIZES = [1_000, 10_000, 100_000];
const SKIP_LANGCHAIN = process.env.BENCH_SKIP_LANGCHAIN === "1";
const CONTEXT_LIMIT = 128_000;
const RESERVED = 4_096;
const LANGCHAIN_TIMEOUT_MS = 60_000;

/** Real text: the repository's Markdown files, concatenated. */
function corpus() {
  const root = join(here, "..");
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name === "dist" || entry.name.startsWith(".")) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".md")) files.push(path);
    }
  };
  walk(root);
  files.sort();
  return files
    .map((file) => readFileSync(file, "utf8"))
    .join("\n\n")
    .replace(/\s+/g, " ");
}

const TEXT = corpus();

/** A deterministic random number generator (mulberry32). */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function slice(rand, min, max) {
  const length = min + Math.floor(rand() * (max - min));
  const start = Math.floor(rand() * (TEXT.length - length));
  return TEXT.slice(start, start + length);
}

/** A Baton conversation of `size` messages: user/assistant turns and tool calls with results. */
function conversation(size, seed) {
  const rand = random(seed);
  const messages = [
    { role: "system", content: `You are a helpful assistant. ${slice(rand, 200, 400)}` },
    { role: "user", content: [{ type: "text", text: slice(rand, 200, 800) }] },
  ];
  let call = 0;
  while (messages.length < size) {
    if (rand() < 0.3) {
      const id = `call_${call++}`;
      messages.push({
        role: "assistant",
        content: [
          { type: "text", text: slice(rand, 100, 300) },
          { type: "tool-call", toolCallId: id, toolName: "search_docs", arguments: { query: slice(rand, 10, 40) } },
        ],
      });
      messages.push({ role: "tool", content: [{ type: "tool-result", toolCallId: id, toolName: "search_docs", result: slice(rand, 200, 800) }] });
    } else {
      messages.push({ role: "assistant", content: [{ type: "text", text: slice(rand, 200, 800) }] });
      messages.push({ role: "user", content: [{ type: "text", text: slice(rand, 200, 800) }] });
    }
  }
  return messages.slice(0, size);
}

/** The equivalent counter for Baton: 4 characters a token, 3 per message, 3 per request. */
function approx(message) {
  if (message.role === "system") return Math.ceil(message.content.length / 4) + 3;
  let chars = 0;
  for (const part of message.content) {
    if (part.type === "text") chars += part.text.length;
    else if (part.type === "tool-call") chars += part.toolName.length + JSON.stringify(part.arguments).length;
    else if (part.type === "tool-result") chars += part.toolName.length + part.result.length;
  }
  return Math.ceil(chars / 4) + 3;
}
const approxCounter = {
  countText: (text) => ({ tokens: Math.ceil(text.length / 4), exact: false }),
  countMessages: (messages) => ({ tokens: messages.reduce((sum, m) => sum + approx(m), 3), exact: false }),
};

function input(messages, inLoop) {
  return {
    messages,
    inLoop,
    contextLimit: CONTEXT_LIMIT,
    reservedOutputTokens: RESERVED,
    model: "bench",
    agentPath: "main",
    signal: new AbortController().signal,
    response: { text: "", usage: { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, reasoningTokens: 0 }, toolCalls: [], toolResults: [] },
  };
}

async function baton(size, counter) {
  const all = conversation(size, size);
  const conv = all.slice(0, size - 2);
  const inLoop = all.slice(size - 2);
  const engine = tokens.createContextEngine({ counter, strategies: tokens.slidingWindow() });
  let t = performance.now();
  const first = await engine.prepare(input(conv, inLoop));
  const coldMs = performance.now() - t;
  t = performance.now();
  await engine.prepare(input(conv, inLoop));
  const warmMs = performance.now() - t;
  // The next iteration: the trimmed request plus one new message.
  const next = [...first.inLoop, { role: "assistant", content: [{ type: "text", text: slice(random(1), 200, 800) }] }];
  t = performance.now();
  const second = await engine.prepare(input(first.messages ?? conv, next));
  const appendMs = performance.now() - t;
  const kept = (second.messages ?? first.messages ?? conv).length + second.inLoop.length;
  return { coldMs: round(coldMs), warmMs: round(warmMs), warmAppendOneMs: round(appendMs), keptMessages: kept };
}

/** The same conversation as LangChain messages. */
function toLangChain(messages) {
  return messages.map((m) => {
    if (m.role === "system") return new SystemMessage(m.content);
    if (m.role === "user") return new HumanMessage(m.content.map((p) => p.text).join(""));
    if (m.role === "tool") return new ToolMessage({ content: m.content[0].result, tool_call_id: m.content[0].toolCallId, name: m.content[0].toolName });
    const text = m.content
      .filter((p) => p.type === "text")
      .map((p) => p.text)
      .join("");
    const calls = m.content.filter((p) => p.type === "tool-call").map((p) => ({ id: p.toolCallId, name: p.toolName, args: p.arguments, type: "tool_call" }));
    return new AIMessage({ content: text, tool_calls: calls });
  });
}

/** LangChain's counter, equivalent to Baton's: 4 characters a token, 3 per message, 3 per request. */
function langChainCounter(messages) {
  let tokens = 3;
  for (const m of messages) {
    let chars = typeof m.content === "string" ? m.content.length : JSON.stringify(m.content).length;
    if (m.name && m.type === "tool") chars += m.name.length;
    for (const call of m.tool_calls ?? []) chars += call.name.length + JSON.stringify(call.args).length;
    tokens += Math.ceil(chars / 4) + 3;
  }
  return tokens;
}

async function langchain(size) {
  const messages = toLangChain(conversation(size, size));
  const t = performance.now();
  const kept = await trimMessages(messages, {
    maxTokens: CONTEXT_LIMIT - RESERVED,
    strategy: "last",
    tokenCounter: langChainCounter,
    includeSystem: true,
    startOn: "human",
  });
  return { coldMs: round(performance.now() - t), keptMessages: kept.length };
}

function round(ms) {
  return Math.round(ms * 1000) / 1000;
}

if (process.argv[2] === "langchain") {
  console.log(JSON.stringify(await langchain(Number(process.argv[3]))));
} else {
  const result = {
    corpusChars: TEXT.length,
    contextLimit: CONTEXT_LIMIT,
    reservedOutputTokens: RESERVED,
    baton: {},
    batonOpenAICounter: {},
    langchainTrimMessages: {},
  };
  for (const size of SIZES) result.baton[size] = await baton(size, approxCounter);
  // A fresh counter per size: its per-message cache starts empty. The encoder is shared and
  // loaded once per process; it is loaded here first so "cold" means nothing counted yet.
  tokens.createOpenAITokenCounter({ model: "gpt-4o" }).countText("load the encoder");
  for (const size of SIZES) result.batonOpenAICounter[size] = await baton(size, tokens.createOpenAITokenCounter({ model: "gpt-4o" }));
  for (const size of SKIP_LANGCHAIN ? [] : SIZES) {
    const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "langchain", String(size)], { encoding: "utf8", timeout: LANGCHAIN_TIMEOUT_MS });
    if (child.error || child.status !== 0) {
      result.langchainTrimMessages[size] =
        child.error?.code === "ETIMEDOUT" || child.signal === "SIGTERM"
          ? { coldMs: "> 60 s", note: "stopped after 60 s" }
          : { error: (child.stderr || String(child.error)).slice(0, 300) };
    } else {
      result.langchainTrimMessages[size] = JSON.parse(child.stdout.trim().split("\n").at(-1));
    }
  }
  console.log(JSON.stringify(result));
}
