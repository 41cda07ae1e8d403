import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { format } from "node:util";
import { afterAll, describe, expect, it, vi } from "vitest";

const README = fileURLToPath(new URL("../README.md", import.meta.url));
const SOURCE = fileURLToPath(new URL("../src/index.js", import.meta.url));
// Inside the package (ignored by git), so the examples resolve its dependencies.
const DIR = fileURLToPath(new URL("../test-results/readme-examples/", import.meta.url));

/** The README's TypeScript blocks, in order. */
function examples(): string[] {
  return [...readFileSync(README, "utf8").matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!);
}

/** Runs one example as a module with `@baton/tokens` pointing at the sources; returns what it logged. */
async function runExample(code: string, index: number): Promise<string[]> {
  mkdirSync(DIR, { recursive: true });
  const file = `${DIR}example-${index}.ts`;
  writeFileSync(file, code.replaceAll('from "@baton/tokens"', `from ${JSON.stringify(SOURCE)}`));
  const logged: string[] = [];
  const spy = vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void logged.push(format(...args)));
  try {
    await import(pathToFileURL(file).href);
  } finally {
    spy.mockRestore();
  }
  return logged;
}

afterAll(() => rmSync(DIR, { recursive: true, force: true }));

// The first example loads the o200k_base encoder, which takes a few seconds on a busy machine.
describe("README examples", { timeout: 30_000 }, () => {
  const blocks = examples();

  it("has the examples this test runs", () => {
    expect(blocks.length).toBe(3);
  });

  it("the quick start counts and runs with thresholds set", async () => {
    expect(await runExample(blocks[0]!, 0)).toEqual(["{ tokens: 2, exact: true }", "Hi!"]);
  });

  it("the thresholds example keeps three turns under a million-token window", async () => {
    expect(await runExample(blocks[1]!, 1)).toEqual(["3"]);
  });

  it("the options example prints the ConfigurationError", async () => {
    expect(await runExample(blocks[2]!, 2)).toEqual(['true slidingWindow(): unknown option "maxTurn". Accepted options: maxTurns.']);
  });
});
