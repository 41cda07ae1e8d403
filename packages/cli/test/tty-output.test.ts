import { describe, expect, it } from "vitest";
import { textTurn, toolCallTurn } from "./support/chat-turns.js";
import { TEMPLATE, TOOLS, cliEnv, freshDir, runCli, waitFor } from "./support/cli-process.js";
import { startCliInPty, stripAnsi } from "./support/pty-process.js";
import { useProviderServer } from "./support/provider-server.js";

const server = useProviderServer();

describe("baton run in a terminal", () => {
  it("shows a spinner line per running tool, done/failed lines, sub-agents indented, the answer and a summary", async () => {
    server().enqueue(
      // Slow chunks keep the stream open long enough for the spinner to turn.
      toolCallTurn(
        [
          { id: "call_1", name: "slow_step", arguments: {} },
          { id: "call_2", name: "broken_tool", arguments: {} },
          { id: "call_3", name: "ask_researcher", arguments: { topic: "order A-17" } },
        ],
        { input: 1000, output: 40 },
      ),
      toolCallTurn([{ id: "call_r1", name: "lookup_order", arguments: { id: "A-17" } }], { input: 300, output: 10 }),
      textTurn("A-17 has shipped.", { input: 400, output: 6 }),
      textTurn("Order A-17 has shipped and arrives tomorrow.", { input: 1200, output: 12 }),
    );
    const run = startCliInPty(["run", TEMPLATE, "Where is order A-17?", "--tools", TOOLS], {
      cwd: freshDir(),
      env: cliEnv(server().url, { SLOW_STEP_MS: "600" }),
    });
    const outcome = await run.outcome;
    const raw = outcome.stdout;
    const text = stripAnsi(raw);
    expect(outcome.code).toBe(0);
    // Live region: log-update erases lines it redraws, and running tools have spinner frames.
    expect(raw).toMatch(/\u001B\[2K/);
    expect(text).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] slow_step \{\} [\d.]+ m?s/);
    const lines = text.split("\n");
    const index = (pattern: RegExp): number => lines.findIndex((line) => pattern.test(line));
    expect(index(/^✖ broken_tool failed in [\d.]+ m?s TOOL_EXECUTION_FAILED: warehouse offline$/)).toBeGreaterThan(-1);
    expect(index(/^◆ researcher#1 gpt-4\.1-mini$/)).toBeGreaterThan(-1);
    expect(index(/^ {2}✔ lookup_order done in [\d.]+ m?s$/)).toBeGreaterThan(index(/^◆ researcher#1 gpt-4\.1-mini$/));
    expect(index(/^◆ researcher#1 completed$/)).toBeGreaterThan(index(/^ {2}✔ lookup_order done/));
    expect(index(/^✔ ask_researcher done in [\d.]+ m?s$/)).toBeGreaterThan(index(/^◆ researcher#1 completed$/));
    expect(index(/^✔ slow_step done in [\d.]+ (ms|s)$/)).toBeGreaterThan(-1);
    expect(index(/^Order A-17 has shipped and arrives tomorrow\.$/)).toBeGreaterThan(index(/^✔ slow_step done/));
    expect(lines.filter((line) => /^✔ completed · /.test(line))).toEqual([
      expect.stringMatching(/^✔ completed · 4 model calls · 2,968 tokens \(2,900 in, 68 out\) · \$0\.001269 · 3 tool calls · [\d.]+ (ms|s)$/),
    ]);
  });

  it("colours the marks unless NO_COLOR or --no-color", async () => {
    server().enqueue(
      toolCallTurn([{ id: "call_1", name: "lookup_order", arguments: { id: "A-1" } }], { input: 10, output: 2 }),
      textTurn("Shipped.", { input: 20, output: 1 }),
    );
    const env = cliEnv(server().url);
    delete env.NO_COLOR;
    const coloured = await startCliInPty(["run", TEMPLATE, "A-1?", "--tools", TOOLS], { cwd: freshDir(), env }).outcome;
    expect(coloured.code).toBe(0);
    expect(coloured.stdout).toContain("\u001B[32m✔\u001B[39m lookup_order");
    expect(coloured.stdout).toMatch(/\u001B\[32m✔\u001B\[39m \u001B\[32mcompleted\u001B\[39m/);
    server().enqueue(
      toolCallTurn([{ id: "call_1", name: "lookup_order", arguments: { id: "A-1" } }], { input: 10, output: 2 }),
      textTurn("Shipped.", { input: 20, output: 1 }),
    );
    const plain = await startCliInPty(["run", TEMPLATE, "A-1?", "--tools", TOOLS, "--no-color"], { cwd: freshDir(), env }).outcome;
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain("✔ lookup_order");
    expect(plain.stdout).not.toMatch(/\u001B\[3\dm/);
  });

  it("Ctrl-C in the terminal stops the run with the usage so far, exit code 130, and resume finishes it", async () => {
    const cwd = freshDir();
    server().enqueue(toolCallTurn([{ id: "call_slow", name: "slow_step", arguments: {} }], { input: 1000, output: 40 }));
    const run = startCliInPty(["run", TEMPLATE, "Do the slow step.", "--tools", TOOLS], { cwd, env: cliEnv(server().url, { SLOW_STEP_MS: "60000" }) });
    await waitFor(() => stripAnsi(run.output()), /slow_step \{\} [\d.]+ m?s/);
    run.pty.write("\u0003");
    const outcome = await run.outcome;
    expect(outcome.code).toBe(130);
    const lines = stripAnsi(outcome.stdout).split("\n");
    expect(lines).toContainEqual(expect.stringMatching(/^(\^C)?✖ slow_step failed in [\d.]+ m?s TOOL_ABORTED: /));
    expect(lines).toContainEqual(
      expect.stringMatching(/^⚠ interrupted · 1 model call · 1,040 tokens \(1,000 in, 40 out\) · \$0\.000464 · 1 tool call so far · [\d.]+ (ms|s)$/),
    );
    const resumeLine = lines.find((line) => line.startsWith("› continue with: baton resume "));
    expect(resumeLine).toBeDefined();
    const runId = resumeLine!.slice("› continue with: baton resume ".length).trim();
    server().enqueue(textTurn("Done.", { input: 1100, output: 2 }));
    const resumed = await runCli(["resume", runId], { cwd, env: cliEnv(server().url) });
    expect(resumed.code).toBe(0);
    expect(resumed.stdout.trimEnd().split("\n").at(-1)).toBe("[completed] 2 model calls · 2,142 tokens (2,100 in, 42 out) · $0.000907 · 1 tool call");
  });
});
