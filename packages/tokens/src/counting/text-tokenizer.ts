import { createRequire } from "node:module";
import type { OpenAIEncodingName } from "./encodings.js";

/** The tokenizer libraries a counter can use: pure-JS `gpt-tokenizer` or `tiktoken` (WASM). */
export type TokenizerName = "gpt-tokenizer" | "tiktoken";

/** One loaded encoding of one library: counts the tokens of a plain text. */
export interface TextTokenizer {
  readonly name: TokenizerName;
  readonly encoding: OpenAIEncodingName;
  /** Tokens of `text`, special-token text (`<|endoftext|>`) counted as ordinary text. */
  count(text: string): number;
}

const require = createRequire(import.meta.url);
const loaded = new Map<string, TextTokenizer>();

/** Options that make gpt-tokenizer treat special-token text as ordinary text, as tiktoken's `encode_ordinary` does. */
const ORDINARY = { disallowedSpecial: new Set<string>() };

function loadGptTokenizer(encoding: OpenAIEncodingName): TextTokenizer {
  const api =
    encoding === "o200k_base"
      ? (require("gpt-tokenizer/encoding/o200k_base") as typeof import("gpt-tokenizer/encoding/o200k_base"))
      : (require("gpt-tokenizer/encoding/cl100k_base") as typeof import("gpt-tokenizer/encoding/cl100k_base"));
  const countTokens = api.countTokens;
  return { name: "gpt-tokenizer", encoding, count: (text) => (text.length === 0 ? 0 : countTokens(text, ORDINARY)) };
}

function loadTiktoken(encoding: OpenAIEncodingName): TextTokenizer {
  const { get_encoding } = require("tiktoken") as typeof import("tiktoken");
  const encoder = get_encoding(encoding);
  return { name: "tiktoken", encoding, count: (text) => (text.length === 0 ? 0 : encoder.encode_ordinary(text).length) };
}

/**
 * The shared tokenizer for a library and an encoding. Each is loaded on first use
 * (the rank tables are megabytes) and then reused by every counter in the process.
 *
 * @example sharedTokenizer("gpt-tokenizer", "o200k_base").count("hello world") // 2
 */
export function sharedTokenizer(name: TokenizerName, encoding: OpenAIEncodingName): TextTokenizer {
  const key = `${name}:${encoding}`;
  let tokenizer = loaded.get(key);
  if (tokenizer === undefined) {
    tokenizer = name === "tiktoken" ? loadTiktoken(encoding) : loadGptTokenizer(encoding);
    loaded.set(key, tokenizer);
  }
  return tokenizer;
}
