import type { StreamEvent } from "@baton/core";
import { describe, expect, it } from "vitest";
import { textTurn, toolCallTurn } from "./support/chat-turns.js";
import { TEMPLATE, TOOLS, cliEnv, freshDir, runCli } from "./support/cli-process.js";
import { useProviderServer } from "./support/provider-server.js";

const server = useProviderServer();

describe("baton run --json", () => {
  it("prints every event as one JSON line, in seq order, sub-agents' included, and nothing else", async () => {
    server().enqueue(
      toolCallTurn([{ id: "call_1", name: "ask_researcher", arguments: { topic: "A-17" } }], { input: 1000, output: 40 }),
      textTurn("A-17 has shipped.", { input: 300, output: 6 }),
      textTurn("It has shipped.", { input: 1100, output: 5 }),
    );
    const outcome = await runCli(["run", TEMPLATE, "Where is A-17?", "--tools", TOOLS, "--json"], { cwd: freshDir(), env: cliEnv(server().url) });
    expect(outcome.code).toBe(0);
    const lines = outcome.stdout.trimEnd().split("\n");
    const events = lines.map((line) => JSON.parse(line) as StreamEvent);
    const seqs = events.map((event) => event.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(new Set(events.map((event) => event.runId)).size).toBe(1);
    const outline = events
      .filter((event) => ["run-start", "run-end", "tool-start", "tool-done", "tool-error"].includes(event.type))
      .map(
        (event) =>
          `${event.agentPath} ${event.type}${"toolName" in event ? ` ${event.toolName}` : ""}${event.type === "run-end" ? ` ${event.stopReason}` : ""}`,
      );
    expect(outline).toEqual([
      "support run-start",
      "support tool-start ask_researcher",
      "support/researcher#1 run-start",
      "support/researcher#1 run-end completed",
      "support tool-done ask_researcher",
      "support run-end completed",
    ]);
    const text = events
      .filter((event) => event.type === "text-delta" && event.agentPath === "support")
      .map((event) => (event as { text: string }).text)
      .join("");
    expect(text).toBe("It has shipped.");
    const end = events.at(-1)!;
    expect(end.type).toBe("run-end");
    expect((end as Extract<StreamEvent, { type: "run-end" }>).usage).toMatchObject({ calls: 3, inputTokens: 2400, outputTokens: 51 });
    // The ending goes to standard error, so standard output stays NDJSON.
    expect(outcome.stderr).toMatch(/^\[completed\] 3 model calls · 2,451 tokens \(2,400 in, 51 out\)/);
  });
});
