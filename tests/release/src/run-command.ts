import { spawn } from "node:child_process";

/** What a finished command printed. */
export interface CommandOutput {
  readonly stdout: string;
  readonly stderr: string;
}

/** How to run a command: where, with which environment, for how long at most. */
export interface RunCommandOptions {
  readonly cwd: string;
  /** The whole environment of the command (defaults to this process's). */
  readonly env?: NodeJS.ProcessEnv;
  /** Kill the command after this long (default 10 minutes). */
  readonly timeoutMs?: number;
}

/** A command that exited with a non-zero status (or was killed); the message ends with its output. */
export class CommandFailedError extends Error {
  constructor(
    readonly commandLine: string,
    readonly exitCode: number | null,
    readonly output: CommandOutput,
  ) {
    const tail = `${output.stdout}\n${output.stderr}`.trim().slice(-6000);
    super(`${commandLine} exited with ${exitCode ?? "a signal"}:\n${tail}`);
    this.name = "CommandFailedError";
  }
}

/**
 * Runs a command without blocking the event loop (the registry and the provider
 * replay server of the suite answer from this process or its children meanwhile),
 * and resolves with its output; rejects with a {@link CommandFailedError} when it fails.
 */
export function runCommand(command: string, args: readonly string[], options: RunCommandOptions): Promise<CommandOutput> {
  const commandLine = [command, ...args].join(" ");
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => (stdout += text));
    child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 600_000);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve({ stdout, stderr });
      else reject(new CommandFailedError(commandLine, code, { stdout, stderr }));
    });
  });
}
