import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The stdio MCP server of the tests (test/fixtures/stdio-server.mjs). */
export const STDIO_SERVER = fileURLToPath(new URL("../fixtures/stdio-server.mjs", import.meta.url));

/** A process that never answers `initialize` (test/fixtures/hanging-server.mjs). */
export const HANGING_SERVER = fileURLToPath(new URL("../fixtures/hanging-server.mjs", import.meta.url));

/** Whether a process with this id is still running. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The text a fixture process wrote to `path`, or undefined while there is none: no file
 * yet, or an empty one (`writeFileSync` creates the file before it writes to it). For
 * `waitFor`, e.g. `Number(await waitFor("the server's pid", () => writtenText(pidFile)))`.
 */
export function writtenText(path: string): string | undefined {
  const text = existsSync(path) ? readFileSync(path, "utf8") : "";
  return text === "" ? undefined : text;
}
