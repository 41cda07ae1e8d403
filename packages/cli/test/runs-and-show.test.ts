import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { textTurn, toolCallTurn } from "./support/chat-turns.js";
import { TEMPLATE, TOOLS, cliEnv, freshDir, normalize, runCli, runIdOf } from "./support/cli-process.js";
import { useProviderServer } from "./support/provider-server.js";

const server = useProviderServer();

describe("baton runs, baton show, and approvals", () => {
  it("lists stored runs with status, tokens and cost; shows a run's conversation and tool calls", async () => {
    const cwd = freshDir();
    const env = cliEnv(server().url);
    const empty = await runCli(["runs"], { cwd, env });
    expect(empty.stdout).toBe('No runs stored yet: start one with baton run <template.json> "question".\n');
    // Listing does not create the default SQLite file.
    expect(existsSync(join(cwd, ".baton"))).toBe(false);

    server().enqueue(toolCallTurn([{ id: "call_1", name: "lookup_order", arguments: { id: "A-17" } }], { input: 1000, output: 40 }));
    const paused = await runCli(["run", TEMPLATE, "Where is A-17?", "--tools", TOOLS, "--require-approval", "lookup_order"], { cwd, env });
    expect(paused.code).toBe(0);
    const first = runIdOf(paused.stdout);
    expect(normalize(paused.stdout, first)).toBe(
      [
        "[run] <run> · agent support · model gpt-4.1-mini · openai",
        "[tool] lookup_order waits for approval",
        "[paused] 1 model call · 1,040 tokens (1,000 in, 40 out) · $0.000464 · 0 tool calls",
        'waiting for approval: call_1 lookup_order {"id":"A-17"} (support)',
        "continue with: baton resume <run> --approve call_1 (or --reject call_1)",
        "",
      ].join("\n"),
    );

    server().enqueue(textTurn("Hello there.", { input: 500, output: 3 }));
    const second = await runCli(["run", TEMPLATE, "Say hello", "--tools", TOOLS], { cwd, env });
    expect(second.code).toBe(0);
    const secondId = runIdOf(second.stdout);

    const listed = await runCli(["runs"], { cwd, env });
    const rows = listed.stdout.trimEnd().split("\n");
    expect(rows[0]).toMatch(/^RUN +STARTED +AGENT +STATUS +TOKENS +COST +QUESTION$/);
    expect(rows.slice(1).map((row) => row.replace(/ \d{4}-\d\d-\d\d \d\d:\d\d:\d\d /, " <date> ").replace(/ +/g, " "))).toEqual([
      `${first} <date> support paused 1,040 $0.000464 Where is A-17?`,
      `${secondId} <date> support completed 503 $0.000205 Say hello`,
    ]);
    const asJson = JSON.parse((await runCli(["runs", "--json"], { cwd, env })).stdout) as { runId: string; status: string; tokens: number }[];
    expect(asJson.map((row) => [row.runId, row.status, row.tokens])).toEqual([
      [first, "paused", 1040],
      [secondId, "completed", 503],
    ]);

    const wrongId = await runCli(["resume", first, "--approve", "call_9"], { cwd, env });
    expect(wrongId.code).toBe(1);
    expect(wrongId.stderr).toBe(`error: INVALID_DECISIONS: Cannot resume run "${first}": nothing waits for "call_9". It waits for "call_1".\n`);
    server().enqueue(textTurn("A-17 has shipped.", { input: 1100, output: 6 }));
    const approved = await runCli(["resume", first, "--approve", "call_1"], { cwd, env });
    expect(approved.code).toBe(0);
    expect(normalize(approved.stdout, first)).toBe(
      [
        "[resume] <run> · agent support · model gpt-4.1-mini · openai",
        '[tool] lookup_order {"id":"A-17"} started',
        "[tool] lookup_order done (<time>)",
        "A-17 has shipped.",
        "[completed] 2 model calls · 2,146 tokens (2,100 in, 46 out) · $0.000914 · 1 tool call",
        "",
      ].join("\n"),
    );

    const shown = await runCli(["show", first], { cwd, env });
    expect(shown.code).toBe(0);
    expect(normalize(shown.stdout, first)).toBe(
      [
        "run <run> · agent support · model gpt-4.1-mini · completed",
        "usage: 2 model calls · 2,146 tokens (2,100 in, 46 out) · $0.000914",
        "",
        "system:",
        "  You answer questions about orders. Be brief.",
        "user:",
        "  Where is A-17?",
        "assistant:",
        '  → lookup_order {"id":"A-17"} [call_1]',
        "tool:",
        '  ← lookup_order: {"id":"A-17","status":"shipped","eta":"tomorrow"}',
        "assistant:",
        "  A-17 has shipped.",
        "",
        "tool calls:",
        '  lookup_order {"id":"A-17"} · ok · <time> · support',
        "",
      ].join("\n"),
    );
    const unknown = await runCli(["show", "no-such-run"], { cwd, env });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe("error: RUN_NOT_FOUND: No run no-such-run is stored in sqlite:.baton/runs.db (see baton runs).\n");
    // Ten CLI processes one after the other: each a Node start, slow on a machine under load.
  }, 180_000);
});
