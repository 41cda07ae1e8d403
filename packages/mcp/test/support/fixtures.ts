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
