import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES, TEMPLATE, cliEnv, freshDir, runCli } from "./support/cli-process.js";

const env = cliEnv("http://127.0.0.1:9");

describe("bad input gives a clear error and a non-zero exit code", () => {
  it("a template file that does not exist", async () => {
    const outcome = await runCli(["run", "missing.json", "Hi"], { cwd: freshDir(), env });
    expect(outcome).toEqual({ code: 1, stdout: "", stderr: "error: INVALID_AGENT_DEFINITION: Cannot read agent template missing.json: no such file.\n" });
  });

  it("a template that is not JSON", async () => {
    const outcome = await runCli(["run", join(FIXTURES, "not-json.json"), "Hi"], { cwd: freshDir(), env });
    expect(outcome.code).toBe(1);
    expect(outcome.stdout).toBe("");
    expect(outcome.stderr).toMatch(/^error: INVALID_AGENT_DEFINITION: Invalid agent template .*not-json\.json: not valid JSON \(.+\)\.\n$/);
  });

  it("a template with invalid fields names each one", async () => {
    const outcome = await runCli(["run", join(FIXTURES, "invalid-template.json"), "Hi"], { cwd: freshDir(), env });
    expect(outcome.code).toBe(1);
    expect(outcome.stderr.split("\n")).toEqual([
      expect.stringMatching(/^error: INVALID_AGENT_DEFINITION: Invalid agent template .*invalid-template\.json:$/),
      "  - instructions: Instructions must not be empty.",
      "  - tools[1]: Invalid input: expected string, received number",
      "",
    ]);
  });

  it("a template naming a tool that no source gives lists the available ones", async () => {
    const outcome = await runCli(["run", TEMPLATE, "Hi"], { cwd: freshDir(), env });
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain(
      'error: INVALID_AGENT_DEFINITION: Agent template "support" names tools that were not given. Available tools: current_time, read_file, list_files.',
    );
    expect(outcome.stderr).toContain('  - tools[0]: unknown tool "lookup_order"');
  });

  it("no API key in the environment", async () => {
    const outcome = await runCli(["run", TEMPLATE, "Hi"], { cwd: freshDir(), env: cliEnv(undefined) });
    expect(outcome).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "error: INVALID_CONFIGURATION: No API key found: set OPENAI_API_KEY, ANTHROPIC_API_KEY or GOOGLE_API_KEY (or GEMINI_API_KEY) in the environment.\n",
    });
    const named = await runCli(["run", TEMPLATE, "Hi", "--provider", "anthropic"], { cwd: freshDir(), env });
    expect(named).toEqual({
      code: 1,
      stdout: "",
      stderr: "error: INVALID_CONFIGURATION: The anthropic provider needs an API key: set ANTHROPIC_API_KEY in the environment.\n",
    });
  });

  it("an unknown provider, storage, command or option", async () => {
    const cwd = freshDir();
    expect(await runCli(["run", TEMPLATE, "Hi", "--provider", "mistral"], { cwd, env })).toEqual({
      code: 2,
      stdout: "",
      stderr: 'error: INVALID_CONFIGURATION: Unknown provider "mistral". Use one of: openai, anthropic, google.\n',
    });
    expect(await runCli(["runs", "--storage", "mysql://localhost/x"], { cwd, env })).toEqual({
      code: 2,
      stdout: "",
      stderr: 'error: INVALID_CONFIGURATION: Unknown storage "mysql://localhost/x". Use sqlite:<path>, postgres://… or redis://….\n',
    });
    const command = await runCli(["launch"], { cwd, env });
    expect(command.code).toBe(2);
    expect(command.stderr).toContain("error: unknown command 'launch'");
    const option = await runCli(["runs", "--colour"], { cwd, env });
    expect(option.code).toBe(2);
    expect(option.stderr).toContain("error: unknown option '--colour'");
    const missing = await runCli(["run", TEMPLATE], { cwd, env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("error: missing required argument 'question'");
  });

  it("resuming a run that is not stored", async () => {
    const outcome = await runCli(["resume", "no-such-run"], { cwd: freshDir(), env });
    expect(outcome).toEqual({
      code: 1,
      stdout: "",
      stderr: "error: RUN_NOT_FOUND: No run no-such-run started by baton is stored in sqlite:.baton/runs.db (see baton runs).\n",
    });
  });
});
