import { spawn } from "node:child_process";
import { startProviderServer, type ProviderServer } from "@baton/testing";
import { describe, expect, it, onTestFinished } from "vitest";
import { textTurn, toolCallTurn } from "./support/chat-turns.js";
import {
  BIN,
  TEMPLATE,
  TOOLS,
  cliEnv,
  freshDir,
  normalize,
  runCli,
  runIdOf,
  startCli,
  waitFor,
  watchedProcess,
  type CliOutcome,
  type StartedCli,
} from "./support/cli-process.js";

/** A provider server of its own for one test (a run cut off may or may not have used a turn), closed when the test ends. */
async function ownServer(): Promise<ProviderServer> {
  const server = await startProviderServer();
  onTestFinished(() => server.close());
  return server;
}

/** Runs `baton <args> | head -1` in bash with `pipefail`: the exit code is the command's unless it is 0. */
function runPipedToHead(args: readonly string[], options: { readonly cwd: string; readonly env: NodeJS.ProcessEnv }): Promise<CliOutcome> {
  const quoted = [process.execPath, BIN, ...args].map((arg) => `'${arg.replace(/'/g, `'\\''`)}'`).join(" ");
  const child = spawn("bash", ["-c", `set -o pipefail; ${quoted} | head -1`], { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
  return watchedProcess(child).outcome;
}

/** Starts `baton run` on a model that calls the slow step (a minute long), and resolves once the step has started. */
async function startedSlowStep(server: ProviderServer, cwd: string): Promise<StartedCli> {
  server.enqueue(toolCallTurn([{ id: "call_slow", name: "slow_step", arguments: {} }], { input: 1000, output: 40 }));
  const started = startCli(["run", TEMPLATE, "Do the slow step.", "--tools", TOOLS], { cwd, env: cliEnv(server.url, { SLOW_STEP_MS: "60000" }) });
  await waitFor(started.stdout, /\[tool\] slow_step \{\} started\n/);
  return started;
}

describe("every way out of baton run gives the run's claim up, so baton resume continues it at once", () => {
  it("--json | head -1: the closed pipe ends the command quietly (exit 0), and the run resumes at once", async () => {
    const server = await ownServer();
    const cwd = freshDir();
    // The tool ends after head has gone: writing its event meets the closed pipe.
    server.enqueue(toolCallTurn([{ id: "call_slow", name: "slow_step", arguments: {} }], { input: 1000, output: 40 }));
    // The run cut off may have asked for its next turn before it stopped: one turn each for it and for the resumed run.
    server.enqueue(textTurn("The slow step is done.", { input: 1100, output: 8 }), textTurn("The slow step is done.", { input: 1100, output: 8 }));
    const piped = await runPipedToHead(["run", TEMPLATE, "Do the slow step.", "--tools", TOOLS, "--json"], {
      cwd,
      env: cliEnv(server.url, { SLOW_STEP_MS: "400" }),
    });
    expect(piped.stderr).toBe("");
    expect(piped.code).toBe(0);
    const first = JSON.parse(piped.stdout) as { type: string; runId: string };
    expect(first.type).toBe("run-start");

    const resumed = await runCli(["resume", first.runId], { cwd, env: cliEnv(server.url, { SLOW_STEP_MS: "10" }) });
    expect(resumed.stderr).toBe("");
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain("The slow step is done.");
    expect(resumed.stdout).toMatch(/^\[completed\] /m);
  });

  it("SIGTERM mid-run stops it like Ctrl-C (exit 143, the usage so far), and the run resumes at once", async () => {
    const server = await ownServer();
    const cwd = freshDir();
    const started = await startedSlowStep(server, cwd);
    started.child.kill("SIGTERM");
    const stopped = await started.outcome;
    expect(stopped.stderr).toBe("");
    expect(stopped.code).toBe(143);
    const runId = runIdOf(stopped.stdout);
    expect(normalize(stopped.stdout, runId).split("\n").slice(-3)).toEqual([
      "[interrupted] 1 model call · 1,040 tokens (1,000 in, 40 out) · $0.000464 · 1 tool call so far",
      "continue with: baton resume <run>",
      "",
    ]);

    server.enqueue(textTurn("The slow step is done.", { input: 1100, output: 8 }));
    const resumed = await runCli(["resume", runId], { cwd, env: cliEnv(server.url, { SLOW_STEP_MS: "10" }) });
    expect(resumed.stderr).toBe("");
    expect(resumed.code).toBe(0);
    expect(normalize(resumed.stdout, runId)).toContain("[completed] 2 model calls");
  });

  it("a run held by a live process is refused by baton resume with one error line", async () => {
    const server = await ownServer();
    const cwd = freshDir();
    const started = await startedSlowStep(server, cwd);
    const runId = runIdOf(started.stdout());
    const refused = await runCli(["resume", runId], { cwd, env: cliEnv(server.url) });
    started.child.kill("SIGINT");
    await started.outcome;
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe("");
    expect(refused.stderr.split("\n").filter((line) => line !== "")).toEqual([expect.stringMatching(/^error: RUN_NOT_RESUMABLE: .*baton-cli:/)]);
  });
});
