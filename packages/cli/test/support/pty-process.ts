import { createRequire } from "node:module";
import type { IPty } from "@lydell/node-pty";
import { BIN, type CliOutcome } from "./cli-process.js";

const { spawn } = createRequire(import.meta.url)("@lydell/node-pty") as typeof import("@lydell/node-pty");

/** A command running in a pseudo-terminal (standard output is a TTY). */
export interface PtyRun {
  readonly pty: IPty;
  /** Everything written to the terminal so far, escape codes included. */
  output(): string;
  /** Resolves when the command exits (a terminal merges stdout and stderr). */
  readonly outcome: Promise<CliOutcome>;
}

/** Starts the built command in a pseudo-terminal of 100 × 30. */
export function startCliInPty(args: readonly string[], options: { readonly cwd: string; readonly env: NodeJS.ProcessEnv }): PtyRun {
  const pty = spawn(process.execPath, [BIN, ...args], {
    name: "xterm-256color",
    cols: 100,
    rows: 30,
    cwd: options.cwd,
    env: options.env as Record<string, string>,
  });
  let output = "";
  pty.onData((data) => {
    output += data;
  });
  const outcome = new Promise<CliOutcome>((resolve) => {
    const timer = setTimeout(() => pty.kill("SIGKILL"), 45_000);
    pty.onExit(({ exitCode }) => {
      clearTimeout(timer);
      // Data may still be in flight when the exit is reported.
      setTimeout(() => resolve({ code: exitCode, stdout: output, stderr: "" }), 50);
    });
  });
  return { pty, output: () => output, outcome };
}

/** Terminal output without escape sequences and carriage returns. */
export function stripAnsi(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text
    .replace(/\u001B\[[0-9;?]*[A-Za-z]/g, "")
    .replace(/\u001B\][^\u0007]*\u0007/g, "")
    .replace(/\r/g, "");
}
