import { CommanderError } from "commander";
import type { CommandIo } from "./commands/command-io.js";
import { createProgram } from "./program.js";

function messageOf(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === "string" && /^[A-Z_]+$/.test(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

/**
 * Runs the `baton` command line with `argv` (the arguments after the program name)
 * and resolves with the exit code. Errors become one line on standard error:
 * `error: <CODE>: <message>`; `BATON_DEBUG=1` adds the stack.
 *
 * @example
 * process.exitCode = await main(process.argv.slice(2));
 */
export async function main(
  argv: readonly string[],
  io: CommandIo = { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() },
): Promise<number> {
  let code = 0;
  const program = createProgram(io, (exitCode) => {
    code = exitCode;
  });
  try {
    await program.parseAsync([...argv], { from: "user" });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 1 ? 2 : error.exitCode;
    io.stderr.write(`error: ${messageOf(error)}\n`);
    if (io.env.BATON_DEBUG && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
    const exitCode = (error as { exitCode?: unknown }).exitCode;
    return typeof exitCode === "number" ? exitCode : 1;
  }
}
