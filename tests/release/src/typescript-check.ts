import { createRequire } from "node:module";
import { CommandFailedError, runCommand } from "./run-command.js";

const TSC = createRequire(import.meta.url).resolve("typescript/bin/tsc");

/** One error `tsc` reported. */
export interface Diagnostic {
  /** The file, relative to the project folder. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** `TS2304: Cannot find name 'x'.` */
  readonly message: string;
}

/** The compiler options every user-facing check compiles with. */
export const USER_COMPILER_OPTIONS = { module: "nodenext", target: "es2022", strict: true, skipLibCheck: false } as const;

/**
 * Runs `tsc -p <tsconfig>` (TypeScript as installed for this suite) in `dir` and
 * returns its errors; rejects only when tsc fails without reporting any.
 */
export async function typecheck(dir: string, tsconfig: string): Promise<Diagnostic[]> {
  let output: string;
  try {
    output = (await runCommand(process.execPath, [TSC, "-p", tsconfig, "--pretty", "false"], { cwd: dir })).stdout;
  } catch (error) {
    if (!(error instanceof CommandFailedError)) throw error;
    output = error.output.stdout;
    if (!/error TS\d+/.test(output)) throw error;
  }
  const diagnostics: Diagnostic[] = [];
  for (const line of output.split("\n")) {
    const match = /^(.+?)\((\d+),(\d+)\): error (TS\d+: .*)$/.exec(line);
    if (match) diagnostics.push({ file: match[1]!, line: Number(match[2]), column: Number(match[3]), message: match[4]! });
    else if (/error TS\d+/.test(line)) diagnostics.push({ file: "", line: 0, column: 0, message: line.trim() });
  }
  return diagnostics;
}
