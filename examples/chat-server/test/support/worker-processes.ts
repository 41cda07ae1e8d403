import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const EXAMPLE_DIR = fileURLToPath(new URL("../../", import.meta.url));
const WORKER_SCRIPT = join(EXAMPLE_DIR, "dist", "worker.js");

/** A worker process (`node dist/worker.js`). */
export interface WorkerProcess {
  readonly process: ChildProcess;
  /** Resolves once the worker printed that it is ready; rejects when it exits first. */
  readonly ready: Promise<void>;
  /** What it printed on stderr so far. */
  stderr(): string;
}

/**
 * Makes sure `dist/worker.js` is built from the current sources: builds the example
 * (`tsc -p tsconfig.build.json`) when it is missing or older than a file of `src/`.
 */
export function ensureWorkerBuilt(): void {
  const built = existsSync(WORKER_SCRIPT) ? statSync(WORKER_SCRIPT).mtimeMs : 0;
  if (built > 0 && newestSource(join(EXAMPLE_DIR, "src")) <= built) return;
  const tsc = join(EXAMPLE_DIR, "node_modules", "typescript", "bin", "tsc");
  const result = spawnSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], { cwd: EXAMPLE_DIR, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`Building the example for the worker processes failed:\n${result.stdout}${result.stderr}`);
}

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

const started = new Set<ChildProcess>();

/** Starts `node dist/worker.js` with `env` added to this process's environment. */
export function startWorker(env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, [WORKER_SCRIPT], { cwd: EXAMPLE_DIR, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  started.add(child);
  child.once("exit", () => started.delete(child));
  let stdout = "";
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      if (stdout.includes(" ready: ")) resolve();
    });
    child.once("exit", (code, signal) => reject(new Error(`A worker exited (${signal ?? `code ${code}`}) before it was ready.\n${stdout}${stderr}`)));
  });
  ready.catch(() => undefined);
  return { process: child, ready, stderr: () => stderr };
}

/** Stops every worker still running: SIGTERM (they close gracefully), SIGKILL after `graceMs`. */
export async function stopAllWorkers(graceMs = 5_000): Promise<void> {
  await Promise.all(
    [...started].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
          child.once("exit", () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill("SIGTERM");
        }),
    ),
  );
}
