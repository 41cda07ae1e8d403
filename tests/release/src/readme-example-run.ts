import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ReadmeCodeBlock } from "./readme-code-blocks.js";
import { cleanEnvironment } from "./command-environment.js";

/** How the release test runs one README's first runnable example in the project its install line made. */
export interface ExampleRunSetup {
  /** Environment variables the example reads (API keys, provider base URLs pointing at the replay server, a database URL). */
  readonly env?: Readonly<Record<string, string>>;
  /**
   * Text replaced in the example before it runs, each `[from, to]` everywhere: only what
   * the test must provide itself, such as a fixed port (3000) that another suite may hold,
   * or the shared Redis's address swapped for a private one.
   */
  readonly replace?: readonly (readonly [string, string])[];
  /**
   * For an example that keeps serving (an HTTP server, a queue worker): what its output
   * shows once it is up. The test then checks it with `whileUp`, and stops it with SIGTERM.
   */
  readonly servesUntil?: RegExp;
  /** For a server that prints nothing: a probe that answers true once it is up (asked every 100 ms). */
  readonly upWhen?: () => Promise<boolean>;
  /** The exit code an example that keeps serving must end with after SIGTERM (default: any, as Node's default handler kills it). */
  readonly exitAfterStop?: number;
}

/** What one example printed, and how it ended. */
export interface ExampleRunOutput {
  readonly stdout: string;
  readonly stderr: string;
  /** The exit code (undefined when a signal ended it). */
  readonly exitCode: number | undefined;
}

/**
 * The file name a README example gives itself in its first line (`// weather.mts — …`,
 * `// weather-agent.test.ts`), else `example.mts`, as the READMEs' "npx tsx example.mts" says.
 */
export function exampleFileName(code: string): string {
  const named = /^\/\/\s*([\w.-]+\.(?:mts|ts))\b/.exec(code.split("\n")[0] ?? "");
  return named?.[1] ?? "example.mts";
}

/** `code` with each `[from, to]` of `replace` replaced everywhere. */
export function withReplacements(code: string, replace: ExampleRunSetup["replace"] = []): string {
  let replaced = code;
  for (const [from, to] of replace) replaced = replaced.split(from).join(to);
  return replaced;
}

/**
 * Writes `example` into `dir` under its own file name and runs it as the README says: a
 * test file (`*.test.ts`) with the project's `vitest run`, any other file with tsx
 * (`tsxCli`: tsx's `dist/cli.mjs`, what `npx tsx <file>` runs, started with Node
 * directly so that a stop reaches the example with nothing between). An example that keeps serving ({@link ExampleRunSetup.servesUntil})
 * is given `whileUp` once it is up, then stopped with SIGTERM. Rejects when the example
 * fails (a non-zero exit), does not come up, or runs longer than `timeoutMs`.
 */
export async function runReadmeExample(
  dir: string,
  example: ReadmeCodeBlock,
  setup: ExampleRunSetup,
  tsxCli: string,
  whileUp: (output: string) => Promise<void> = async () => undefined,
  timeoutMs = 120_000,
): Promise<ExampleRunOutput> {
  const file = exampleFileName(example.code);
  writeFileSync(join(dir, file), withReplacements(example.code, setup.replace));
  const args = file.endsWith(".test.ts") ? [join(dir, "node_modules", "vitest", "vitest.mjs"), "run", file] : [tsxCli, file];
  // Its own process group: a stop reaches tsx's child (the example) too.
  const child = spawn(process.execPath, args, { cwd: dir, env: cleanEnvironment({ ...setup.env }), stdio: ["ignore", "pipe", "pipe"], detached: true });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (text: string) => (stdout += text));
  child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
  const stop = (signal: NodeJS.Signals): void => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // Already gone.
    }
  };
  const exited = new Promise<ExampleRunOutput>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ stdout, stderr, exitCode: code ?? undefined }));
  });
  const timer = setTimeout(() => stop("SIGKILL"), timeoutMs);
  const described = (output: ExampleRunOutput, why: string): Error =>
    new Error(`${file} ${why} (exit ${output.exitCode ?? "by a signal"}):\n${`${output.stdout}\n${output.stderr}`.trim().slice(-4000)}`);
  try {
    if (setup.servesUntil === undefined && setup.upWhen === undefined) {
      const output = await exited;
      if (output.exitCode !== 0) throw described(output, "failed");
      return output;
    }
    const up = await Promise.race([waitForUp(() => stdout, setup), exited.then(() => false)]);
    if (!up) throw described(await exited, "ended before it was up");
    await whileUp(stdout);
    // To tsx alone, which hands it to the example and ends as the example does.
    child.kill("SIGTERM");
    const output = await exited;
    if (setup.exitAfterStop !== undefined && output.exitCode !== setup.exitAfterStop) throw described(output, "did not stop as it should");
    return output;
  } finally {
    clearTimeout(timer);
    stop("SIGKILL");
  }
}

/** Resolves true once the output matches `servesUntil`, or `upWhen` answers true. */
async function waitForUp(output: () => string, setup: ExampleRunSetup): Promise<boolean> {
  for (;;) {
    if (setup.servesUntil?.test(output())) return true;
    if (setup.upWhen !== undefined && (await setup.upWhen())) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
