import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { textTurn, toolCallTurn } from "./support/chat-turns.js";
import { FIXTURES, TEMPLATE, TOOLS, cliEnv, freshDir, normalize, runCli, runIdOf } from "./support/cli-process.js";
import { useProviderServer } from "./support/provider-server.js";

const server = useProviderServer();

describe("baton run as a pipe (not a terminal)", () => {
  it("prints plain lines: the run, each tool's start and end, the answer, the usage", async () => {
    server().enqueue(
      toolCallTurn(
        [
          { id: "call_1", name: "lookup_order", arguments: { id: "A-17" } },
          { id: "call_2", name: "broken_tool", arguments: {} },
        ],
        { input: 1000, output: 40 },
      ),
      textTurn("Order A-17 has shipped and arrives tomorrow.", { input: 1200, output: 12 }),
    );
    const cwd = freshDir();
    const outcome = await runCli(["run", TEMPLATE, "Where is order A-17?", "--tools", TOOLS], { cwd, env: cliEnv(server().url) });
    expect(outcome.stderr).toBe("");
    expect(outcome.code).toBe(0);
    const runId = runIdOf(outcome.stdout);
    expect(outcome.stdout).not.toMatch(/\u001B\[/);
    expect(normalize(outcome.stdout, runId)).toBe(
      [
        "[run] <run> · agent support · model gpt-4.1-mini · openai",
        '[tool] lookup_order {"id":"A-17"} started',
        "[tool] broken_tool {} started",
        "[tool] broken_tool failed (<time>): TOOL_EXECUTION_FAILED: warehouse offline",
        "[tool] lookup_order done (<time>)",
        "Order A-17 has shipped and arrives tomorrow.",
        "[completed] 2 model calls · 2,252 tokens (2,200 in, 52 out) · $0.000963 · 2 tool calls",
        "",
      ].join("\n"),
    );
    // The model saw both results: the second request carries them.
    const second = server().requests.at(-1)!.body as { messages: { role: string; content: string }[] };
    expect(second.messages.filter((message) => message.role === "tool").map((message) => message.content)).toEqual([
      JSON.stringify({ id: "A-17", status: "shipped", eta: "tomorrow" }),
      expect.stringContaining("warehouse offline"),
    ]);
  });

  it("runs a sub-agent given with --agent as a tool: its lines indented, its own model and tools", async () => {
    const cwd = freshDir();
    writeFileSync(join(cwd, "notes.txt"), "Ship A-17 on Friday.");
    server().enqueue(
      toolCallTurn([{ id: "call_1", name: "researcher", arguments: { input: "What do the notes say?" } }], { input: 900, output: 20 }),
      toolCallTurn([{ id: "call_r1", name: "read_file", arguments: { path: "notes.txt" } }], { input: 200, output: 10 }),
      textTurn("The notes say: ship A-17 on Friday.", { input: 260, output: 12 }),
      textTurn("A-17 ships on Friday.", { input: 1000, output: 8 }),
    );
    const outcome = await runCli(["run", join(FIXTURES, "desk.json"), "When does A-17 ship?", "--agent", join(FIXTURES, "researcher.json")], {
      cwd,
      env: cliEnv(server().url),
    });
    expect(outcome.stderr).toBe("");
    expect(outcome.code).toBe(0);
    const runId = runIdOf(outcome.stdout);
    expect(normalize(outcome.stdout, runId)).toBe(
      [
        "[run] <run> · agent desk · model gpt-4.1-mini · openai",
        '[tool] researcher {"input":"What do the notes say?"} started',
        "  [agent] researcher#1 started (model gpt-4.1-nano)",
        '  [tool] read_file {"path":"notes.txt"} started',
        "  [tool] read_file done (<time>)",
        "  [agent] researcher#1 completed",
        "[tool] researcher done (<time>)",
        "A-17 ships on Friday.",
        "[completed] 4 model calls · 2,410 tokens (2,360 in, 50 out) · $0.000860 · 1 tool call",
        "",
      ].join("\n"),
    );
    // The researcher read the file through the built-in tool, with its own model.
    const researcherTurn = server().requests.at(-2)!.body as { model: string; messages: { role: string; content: string }[] };
    expect(researcherTurn.model).toBe("gpt-4.1-nano");
    expect(researcherTurn.messages.filter((message) => message.role === "tool").map((message) => message.content)).toEqual(["Ship A-17 on Friday."]);
  });
});
