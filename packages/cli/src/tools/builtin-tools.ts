import { readFile, readdir } from "node:fs/promises";
import { relative, resolve, sep } from "node:path";
import { ERROR_CODES, type Tool } from "@baton/core";
import { defineTool } from "@baton/tools";
import { z } from "zod";
import { CliError } from "../errors/cli-error.js";

/** A path under `root`, or a `CliError` for one outside it (`..`, an absolute path elsewhere). */
function insideRoot(root: string, path: string): string {
  const full = resolve(root, path);
  const fromRoot = relative(root, full);
  if (fromRoot === ".." || fromRoot.startsWith(`..${sep}`) || resolve(root, fromRoot) !== full) {
    throw new CliError(ERROR_CODES.TOOL_EXECUTION_FAILED, `${path} is outside the working directory; only files under it can be read.`);
  }
  return full;
}

/** The largest file `read_file` returns, in characters (longer files are cut, saying so). */
export const READ_FILE_MAX_CHARS = 20_000;

/**
 * The tools a template may name without any code: `current_time`, and read-only
 * `read_file` / `list_files` limited to `root` (the working directory).
 *
 * @example
 * const tools = builtinTools(process.cwd()); // { current_time, read_file, list_files }
 */
export function builtinTools(root: string): Record<string, Tool> {
  const currentTime = defineTool({
    name: "current_time",
    description: "The current date and time (ISO 8601, UTC).",
    parameters: z.object({}),
    execute: () => new Date().toISOString(),
  });
  const readFileTool = defineTool({
    name: "read_file",
    description: `Reads a text file under the working directory (at most ${READ_FILE_MAX_CHARS} characters).`,
    parameters: z.object({ path: z.string().describe("Path relative to the working directory.") }),
    execute: async ({ path }) => {
      const text = await readFile(insideRoot(root, path), "utf8");
      return text.length > READ_FILE_MAX_CHARS ? `${text.slice(0, READ_FILE_MAX_CHARS)}\n[cut: the file has ${text.length} characters]` : text;
    },
  });
  const listFiles = defineTool({
    name: "list_files",
    description: "Lists the entries of a folder under the working directory (folders end with /).",
    parameters: z.object({ path: z.string().default(".").describe("Folder relative to the working directory.") }),
    execute: async ({ path }) => {
      const entries = await readdir(insideRoot(root, path), { withFileTypes: true });
      return entries.map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name)).sort();
    },
  });
  return { current_time: currentTime, read_file: readFileTool, list_files: listFiles };
}
