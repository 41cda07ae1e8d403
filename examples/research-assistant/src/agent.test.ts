import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { toolCallsOf } from "@baton/sdk";
import { ask } from "./ask.js";
import { createResearchAssistant, DEFAULT_QUESTION, SCRIPTED_MODEL_NOTICE } from "./agent.js";
import { DEFAULT_NOTES_DIR } from "./notes/note-store.js";

/** Asks a question and keeps what would have been printed. */
async function askAndCapture(question: string) {
  let output = "";
  const result = await ask(question, { write: (text) => (output += text) });
  return { result, output };
}

describe("the research assistant", () => {
  it("adds up the moons of Mars and Jupiter from the notes, with parallel searches and the calculator", async () => {
    // The numbers the answer must be built from, as the notes state them.
    const mars = await readFile(join(DEFAULT_NOTES_DIR, "mars.md"), "utf8");
    const jupiter = await readFile(join(DEFAULT_NOTES_DIR, "jupiter.md"), "utf8");
    expect(mars).toContain("Mars has 2 known moons");
    expect(jupiter).toContain("Jupiter has 95 known moons");

    const { result, output } = await askAndCapture(DEFAULT_QUESTION);

    expect(result.stopReason).toBe("completed");
    expect(result.iterations).toBe(3);
    expect(result.toolCalls.map((call) => [call.iteration, call.toolName, call.arguments, call.status])).toEqual([
      [1, "search_notes", { query: "Mars moons" }, "ok"],
      [1, "search_notes", { query: "Jupiter moons" }, "ok"],
      [2, "calculator", { expression: "2 + 95" }, "ok"],
    ]);
    // Both searches were asked for in one model turn, so they ran as one parallel batch.
    expect(toolCallsOf(result.messages[0]!).map((call) => call.toolName)).toEqual(["search_notes", "search_notes"]);
    expect(result.toolCalls[2]!.result).toEqual({ expression: "2 + 95", result: 97 });
    expect(result.text).toContain("97");
    expect(result.text).toBe(
      "According to my notes, Mars has 2 known moons (mars.md) and Jupiter has 95 (jupiter.md). Together that makes 2 + 95 = 97 known moons.",
    );

    expect(output).toContain(SCRIPTED_MODEL_NOTICE);
    expect(output).toContain(`Question: ${DEFAULT_QUESTION}`);
    expect(output).toContain('→ search_notes {"query":"Mars moons"}');
    expect(output).toContain('→ search_notes {"query":"Jupiter moons"}');
    expect(output).toMatch(/ {2}· search_notes: searching \d+ passages in 7 notes for "Mars moons"/);
    expect(output).toMatch(/✓ search_notes \(\d+ ms\) 3 passages, best mars\.md/);
    expect(output).toContain('→ calculator {"expression":"2 + 95"}');
    expect(output).toMatch(/✓ calculator \(\d+ ms\) 2 \+ 95 = 97/);
    expect(output).toContain(`Assistant: ${result.text}`);
    expect(output).toContain("3 iterations · 3 tool calls · stop reason: completed");
    const { inputTokens, outputTokens } = result.usage.total;
    expect(inputTokens).toBeGreaterThan(0);
    expect(output).toContain(`Tokens: ${inputTokens} input / ${outputTokens} output / ${inputTokens + outputTokens} total`);
    expect(output).not.toContain("\x1b[");
  });

  it("streams the final answer in a few chunks", async () => {
    const { agent } = createResearchAssistant();
    const chunks: string[] = [];
    for await (const event of agent.stream(DEFAULT_QUESTION)) if (event.type === "text-delta") chunks.push(event.text);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.join("")).toContain("= 97 known moons");
  });

  it("answers other questions by searching once and quoting the best passage", async () => {
    const { result, output } = await askAndCapture("What is the largest moon in the Solar System?");
    expect(result.toolCalls.map((call) => call.toolName)).toEqual(["search_notes"]);
    expect(result.text).toContain("jupiter.md");
    expect(result.text).toContain('"Ganymede is the largest moon in the Solar System.');
    expect(output).toContain("1 tool call · stop reason: completed");
  });

  it("says so when the notes do not have a number it needs", async () => {
    const { result } = await askAndCapture("How many moons do Mars and Pluto have together?");
    expect(result.toolCalls.map((call) => call.toolName)).toEqual(["search_notes", "search_notes"]);
    expect(result.text).toBe("My notes do not say how many moons Pluto has, so I cannot add them up.");
  });

  it("offers the model its three tools and says what they are for", async () => {
    const { agent, scripted } = createResearchAssistant();
    await agent.run("Tell me about Titan.");
    const request = scripted!.requests[0]!;
    expect(request.tools?.map((tool) => tool.name)).toEqual(["search_notes", "read_note", "calculator"]);
    expect(request.messages[0]).toMatchObject({ role: "system", content: expect.stringContaining("- calculator: Use for any arithmetic") });
  });
});
