import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { onTestFinished } from "vitest";

/** The package folder. */
export const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
/** The built executable (the package's `bin`). */
export const BIN = join(PACKAGE_DIR, "dist", "bin.js");
/** The test fixtures. */
export const FIXTURES = join(PACKAGE_DIR, "test", "fixtures");
/** The template the tests run. */
export const TEMPLATE = join(FIXTURES, "support.json");
/** The tool module the tests load with `--tools`. */
export const TOOLS = join(FIXTURES, "tools.mjs");

/** What a finished command printed, and its exit code. */
export interface CliOutcome {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A fresh working directory (its `.baton/runs.db` is the default storage), removed when the test that asked for it ends, passed or failed. */
export function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "baton-cli-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The environment of a command pointed at the local provider server, with no other provider key. */
export function cliEnv(serverUrl: string | undefined, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1", ...extra };
  for (const name of [
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
    "ANTHROPIC_API_KEY",
    "ANTHROPIC_BASE_URL",
    "GOOGLE_API_KEY",
    "GEMINI_API_KEY",
    "GOOGLE_BASE_URL",
    "BATON_STORAGE",
    "FORCE_COLOR",
  ])
    delete env[name];
  if (serverUrl !== undefined) {
    env.OPENAI_API_KEY = "sk-test-not-a-real-key";
    env.OPENAI_BASE_URL = `${serverUrl}/v1`;
  }
  return { ...env, ...extra };
}

/** A command started with piped output: the process, how it ended (once it has), and what it printed so far. */
export interface StartedCli {
  readonly child: ChildProcess;
  readonly outcome: Promise<CliOutcome>;
  readonly stdout: () => string;
}

/** Starts the built command as a child process with pipes (not a terminal). */
export function startCli(args: readonly string[], options: { readonly cwd: string; readonly env: NodeJS.ProcessEnv }): StartedCli {
  return watchedProcess(spawn(process.execPath, [BIN, ...args], { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] }));
}

/**
 * Collects what a child process started with piped output prints, and its exit code
 * once it has closed (killed with SIGKILL after 45 s, so a hung command fails its test).
 */
export function watchedProcess(child: ChildProcess): StartedCli {
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const outcome = new Promise<CliOutcome>((resolve, reject) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 45_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
  return { child, outcome, stdout: () => stdout };
}

/** Runs the built command to its end with pipes. */
export function runCli(args: readonly string[], options: { readonly cwd: string; readonly env: NodeJS.ProcessEnv }): Promise<CliOutcome> {
  return startCli(args, options).outcome;
}

/** Replaces what changes from run to run (durations, run ids) so output can be compared exactly. */
export function normalize(text: string, runId?: string): string {
  let out = text.replace(/\d+(\.\d+)? (ms|s)\b/g, "<time>");
  if (runId !== undefined) out = out.split(runId).join("<run>");
  return out;
}

/** The run id the first line of plain output names (`[run] <id> · …`). */
export function runIdOf(stdout: string): string {
  const match = /^\[(?:run|resume)\] ([0-9a-f-]{36}) /m.exec(stdout);
  if (!match) throw new Error(`No run id in:\n${stdout}`);
  return match[1]!;
}

/** Resolves once `read()` matches `pattern` (polling), or rejects after `timeoutMs`. */
export async function waitFor(read: () => string, pattern: RegExp, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!pattern.test(read())) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${pattern} in:\n${read()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
