import { describe, expect, it } from "vitest";
import { readmeCodeBlocks } from "../src/readme-code-blocks.js";

const markdown = [
  "# A package", // 1
  "```sh", // 2
  "npm i x",
  "```",
  "```ts", // 5
  'import { x } from "x";',
  "```",
  "- a list item:",
  "  ```typescript", // 9
  "  // Not compiled: continues the block above",
  "  x.call();",
  "  ```",
  "````ts", // 13
  "const fence = `",
  "```",
  "`;",
  "````",
  "```tsx", // 18
  "<App />",
  "```",
].join("\n");

describe("readmeCodeBlocks", () => {
  it("returns the ts and typescript blocks in order, with their line and whether they compile", () => {
    expect(readmeCodeBlocks(markdown)).toStrictEqual([
      { line: 5, info: "ts", code: 'import { x } from "x";\n', compiles: true },
      { line: 9, info: "typescript", code: "// Not compiled: continues the block above\nx.call();\n", compiles: false },
      { line: 13, info: "ts", code: "const fence = `\n```\n`;\n", compiles: true },
    ]);
  });

  it("finds no block in a text without fences", () => {
    expect(readmeCodeBlocks("just text\n")).toStrictEqual([]);
  });
});
