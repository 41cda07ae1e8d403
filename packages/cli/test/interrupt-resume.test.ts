import { join } from "node:path";
import { createSqliteStorage } from "@baton/storage-sqlite";
import { describe, expect, it } from "vitest";
import { textTurn, toolCallTurn } from "./support/chat-turns.js";
import { TEMPLATE, TOOLS, cliEnv, freshDir, normalize, runCli, runIdOf, startCli, waitFor } from "./support/cli-process.js";
import { useProviderServer } from "./support/provider-server.js";

const server = useProviderServer();

describe("Ctrl-C and baton resume", () => {
  it("SIGINT mid-run aborts it with exit code 130 and the usage so far; baton resume finishes it", async () => {
    const cwd = freshDir();
    server().enqueue(toolCallTurn([{ id: "call_slow", name: "slow_step", arguments: {} }], { input: 1000, output: 40 }));
    const started = startCli(["run", TEMPLATE, "Do the slow step.", "--tools", TOOLS], { cwd, env: cliEnv(server().url, { SLOW_STEP_MS: "60000" }) });
    await waitFor(started.stdout, /\[tool\] slow_step \{\} started\n/);
    started.child.kill("SIGINT");
    const interrupted = await started.outcome;
    expect(interrupted.code).toBe(130);
    const runId = runIdOf(interrupted.stdout);
    expect(normalize(interrupted.stdout, runId)).toBe(
      [
        "[run] <run> · agent support · model gpt-4.1-mini · openai",
        "[tool] slow_step {} started",
        '[tool] slow_step failed (<time>): TOOL_ABORTED: Tool "slow_step" was aborted because the run was aborted.',
        "[interrupted] 1 model call · 1,040 tokens (1,000 in, 40 out) · $0.000464 · 1 tool call so far",
        "continue with: baton resume <run>",
        "",
      ].join("\n"),
    );
    const between = await runCli(["runs"], { cwd, env: cliEnv(undefined) });
    expect(between.stdout).toMatch(new RegExp(`^${runId} .* support +unfinished +1,040 +\\$0\\.000464 +Do the slow step\\.$`, "m"));

    server().enqueue(textTurn("The slow step is done.", { input: 1100, output: 8 }));
    const resumed = await runCli(["resume", runId], { cwd, env: cliEnv(server().url, { SLOW_STEP_MS: "10" }) });
    expect(resumed.stderr).toBe("");
    expect(resumed.code).toBe(0);
    expect(normalize(resumed.stdout, runId)).toBe(
      [
        "[resume] <run> · agent support · model gpt-4.1-mini · openai",
        "[tool] slow_step {} started",
        "[tool] slow_step done (<time>)",
        "The slow step is done.",
        "[completed] 2 model calls · 2,148 tokens (2,100 in, 48 out) · $0.000917 · 1 tool call",
        "",
      ].join("\n"),
    );
    // The model saw the slow step's result, once.
    const last = server().requests.at(-1)!.body as { messages: { role: string; content: unknown }[] };
    expect(last.messages.filter((message) => message.role === "tool").map((message) => message.content)).toEqual(["slow step finished"]);

    // Each model call is recorded once (the interrupted run's winding down wrote nothing).
    const storage = createSqliteStorage({ path: join(cwd, ".baton", "runs.db") });
    const records = await storage.queryUsage({ runId });
    await storage.close();
    expect(records.map((record) => [record.iteration, record.inputTokens, record.outputTokens])).toEqual([
      [1, 1000, 40],
      [2, 1100, 8],
    ]);
    const after = await runCli(["runs"], { cwd, env: cliEnv(undefined) });
    expect(after.stdout).toMatch(new RegExp(`^${runId} .* support +completed +2,148 +\\$0\\.000917 +Do the slow step\\.$`, "m"));
    const again = await runCli(["resume", runId], { cwd, env: cliEnv(server().url) });
    expect(again).toEqual({
      code: 1,
      stdout: "",
      stderr: `error: RUN_NOT_RESUMABLE: Run ${runId} has finished (completed): there is nothing to resume (see baton show ${runId}).\n`,
    });
  });

  it("SIGINT while a call of a once-only tool runs: baton resume asks about the call in doubt, and --result takes what it did without running it again", async () => {
    const cwd = freshDir();
    server().enqueue(toolCallTurn([{ id: "call_order", name: "place_order", arguments: { item: "A-17" } }], { input: 1000, output: 40 }));
    const started = startCli(["run", TEMPLATE, "Order A-17.", "--tools", TOOLS], { cwd, env: cliEnv(server().url, { SLOW_STEP_MS: "60000" }) });
    await waitFor(started.stdout, /\[tool\] place_order \{"item":"A-17"\} started\n/);
    started.child.kill("SIGINT");
    const interrupted = await started.outcome;
    expect(interrupted.code).toBe(130);
    const runId = runIdOf(interrupted.stdout);
    const asked = server().requests.length;

    const paused = await runCli(["resume", runId], { cwd, env: cliEnv(server().url, { SLOW_STEP_MS: "10" }) });
    expect(paused.stderr).toBe("");
    expect(normalize(paused.stdout, runId).split("\n").slice(1)).toEqual([
      "[tool] place_order waits for in-doubt",
      "[paused] 1 model call · 1,040 tokens (1,000 in, 40 out) · $0.000464 · 0 tool calls",
      'waiting for in-doubt: call_order place_order {"item":"A-17"} (support)',
      "a call in doubt may have run: decide with baton resume <run> --run-again call_order (it did not run), --result 'call_order=<json>' (it did) or --fail call_order",
      "",
    ]);
    // Nothing ran and no model was asked: the run waits for the decision.
    expect(server().requests.length).toBe(asked);

    server().enqueue(textTurn("Your order ORD-A-17 is placed.", { input: 1100, output: 8 }));
    const decided = await runCli(["resume", runId, "--result", 'call_order={"order":"ORD-A-17"}'], { cwd, env: cliEnv(server().url, { SLOW_STEP_MS: "10" }) });
    expect(decided.stderr).toBe("");
    expect(decided.code).toBe(0);
    expect(normalize(decided.stdout, runId).split("\n").slice(1)).toEqual([
      "[tool] place_order done (<time>)",
      "Your order ORD-A-17 is placed.",
      "[completed] 2 model calls · 2,148 tokens (2,100 in, 48 out) · $0.000917 · 1 tool call",
      "",
    ]);
    const last = server().requests.at(-1)!.body as { messages: { role: string; content: unknown }[] };
    expect(last.messages.filter((message) => message.role === "tool").map((message) => message.content)).toEqual(['{"order":"ORD-A-17"}']);
  });

  it("SIGINT while the first model call streams: resume makes that call again", async () => {
    const cwd = freshDir();
    server().enqueue(textTurn("This answer streams very slowly.", { input: 10, output: 5 }, 5_000));
    const before = server().requests.length;
    const started = startCli(["run", TEMPLATE, "Hi", "--tools", TOOLS], { cwd, env: cliEnv(server().url) });
    await waitFor(() => (server().requests.length > before ? "asked" : ""), /asked/);
    started.child.kill("SIGINT");
    const interrupted = await started.outcome;
    expect(interrupted.code).toBe(130);
    const runId = runIdOf(interrupted.stdout);
    expect(normalize(interrupted.stdout, runId).split("\n").slice(-3)).toEqual([
      "[interrupted] 0 model calls · 0 tokens (0 in, 0 out) · 0 tool calls so far",
      "continue with: baton resume <run>",
      "",
    ]);
    server().enqueue(textTurn("Hello!", { input: 10, output: 2 }));
    const resumed = await runCli(["resume", runId], { cwd, env: cliEnv(server().url) });
    expect(resumed.code).toBe(0);
    expect(normalize(resumed.stdout, runId).split("\n").slice(1)).toEqual([
      "Hello!",
      "[completed] 1 model call · 12 tokens (10 in, 2 out) · $0.000007 · 0 tool calls",
      "",
    ]);
    const listed = await runCli(["runs"], { cwd, env: cliEnv(undefined) });
    expect(listed.stdout).toMatch(new RegExp(`^${runId} .* support +completed +12 +\\$0\\.000007 +Hi$`, "m"));
  });
});
