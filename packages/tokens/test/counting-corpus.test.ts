import { describe, expect, it } from "vitest";
import type { Message } from "@baton/core";
import { userMessage } from "@baton/core";
import { createOpenAITokenCounter } from "../src/index.js";
import { repoDocuments } from "./support/real-text.js";

/**
 * Both tokenizers behind the same interface give identical counts on real text: the
 * repository's READMEs, BENCHMARKS.md and the example's notes (Markdown, code, tables).
 */
describe("gpt-tokenizer and tiktoken on the repository's docs", () => {
  const docs = repoDocuments();
  const fast = createOpenAITokenCounter({ tokenizer: "gpt-tokenizer" });
  const wasm = createOpenAITokenCounter({ tokenizer: "tiktoken" });

  it("reads a real corpus", () => {
    expect(docs.length).toBeGreaterThanOrEqual(10);
    expect(docs.reduce((sum, doc) => sum + doc.text.length, 0)).toBeGreaterThan(50_000);
  });

  for (const model of ["gpt-4o", "gpt-4"]) {
    it(`counts every document, paragraph and message identically (${model})`, () => {
      let total = 0;
      for (const doc of docs) {
        const a = fast.countText(doc.text, model).tokens;
        expect({ path: doc.path, tokens: a }).toEqual({ path: doc.path, tokens: wasm.countText(doc.text, model).tokens });
        total += a;
        const paragraphs = doc.text.split(/\n{2,}/);
        const counts = paragraphs.map((p) => fast.countText(p, model).tokens);
        expect(counts).toEqual(paragraphs.map((p) => wasm.countText(p, model).tokens));
        const messages: Message[] = paragraphs.map((p) => userMessage(p));
        expect(fast.countMessages(messages, { model })).toEqual(wasm.countMessages(messages, { model }));
      }
      expect(total).toBeGreaterThan(10_000);
    }, 60_000); // tokenizing the whole corpus twice takes seconds on a busy machine
  }
});
