import { fileURLToPath } from "node:url";
import { runCommand } from "./run-command.js";

/** A problem attw found in a package: its kind, the entry point and, for most kinds, the module resolution it shows under. */
export interface TypesProblem {
  readonly kind: string;
  readonly entrypoint?: string;
  readonly resolutionKind?: string;
}

const PROCESS_SCRIPT = fileURLToPath(new URL("./attw-process.mjs", import.meta.url));

/**
 * Runs @arethetypeswrong's checks (those of `attw <tarball>`) over each tarball, all in
 * one Node process (`attw-process.mjs`), and returns every problem by package name,
 * whatever the resolution: a profile's filter is the caller's.
 */
export async function checkTarballTypes(tarballs: ReadonlyMap<string, string>, cwd: string): Promise<Map<string, TypesProblem[]>> {
  const args = [...tarballs].map(([name, file]) => `${name}=${file}`);
  const { stdout } = await runCommand(process.execPath, [PROCESS_SCRIPT, ...args], { cwd });
  return new Map(Object.entries(JSON.parse(stdout) as Record<string, TypesProblem[]>));
}
