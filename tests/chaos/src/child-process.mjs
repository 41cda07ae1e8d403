// Child processes of the trials (a crash trial's runner, queue workers): started with
// a JSON configuration in an environment variable, their output kept for the checker
// (stderr is scanned for secrets), killed with SIGKILL by the trial, and every one
// still alive killed when the suite ends.
import { spawn } from "node:child_process";

const alive = new Set();

/**
 * Starts `script` (a plain ES module) with `config` in env `variable`. Resolves `ready`
 * when it prints `READY`; calls `onLine` for each line of its stdout.
 */
export function startChild(script, variable, config, onLine) {
  const child = spawn(process.execPath, [script], { env: { ...process.env, [variable]: JSON.stringify(config) }, stdio: ["ignore", "pipe", "pipe"] });
  alive.add(child);
  let stdout = "";
  let stderr = "";
  let pending = "";
  let markReady;
  let failReady;
  const ready = new Promise((resolve, reject) => {
    markReady = resolve;
    failReady = reject;
  });
  ready.catch(() => undefined);
  child.stdout.setEncoding("utf8").on("data", (chunk) => {
    stdout += chunk;
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop();
    for (const line of lines) {
      if (line === "READY") markReady();
      onLine?.(line);
    }
  });
  child.stderr.setEncoding("utf8").on("data", (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) =>
    child.once("close", (code, signal) => {
      alive.delete(child);
      failReady(new Error(`The child exited (${code ?? signal}) before it was ready.\n${stderr.slice(-2000)}`));
      resolve({ code, signal });
    }),
  );
  return {
    process: child,
    ready,
    exited,
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    get done() {
      return child.exitCode !== null || child.signalCode !== null;
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      return exited;
    },
  };
}

/** Kills (SIGKILL) every child still alive; resolves once they are gone. */
export async function killAllChildren() {
  await Promise.all(
    [...alive].map(
      (child) =>
        new Promise((resolve) => {
          child.once("close", resolve);
          if (!child.kill("SIGKILL")) resolve();
        }),
    ),
  );
}
