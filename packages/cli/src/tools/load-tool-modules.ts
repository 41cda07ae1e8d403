import { access } from "node:fs/promises";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ERROR_CODES, type Tool } from "@baton/core";
import { CliError } from "../errors/cli-error.js";

function isTool(value: unknown): value is Tool {
  return typeof value === "object" && value !== null && typeof (value as Tool).name === "string" && typeof (value as Tool).execute === "function";
}

function toolsOf(exported: unknown, file: string): Tool[] {
  const list = Array.isArray(exported) ? exported : typeof exported === "object" && exported !== null ? Object.values(exported) : [];
  const tools = list.filter(isTool);
  if (tools.length === 0 || tools.length !== list.length) {
    throw new CliError(
      ERROR_CODES.INVALID_CONFIGURATION,
      `${file} must export its tools as \`export default [tool, …]\` or \`export const tools = [tool, …]\` (tools made with defineTool of @baton/tools).`,
    );
  }
  return tools;
}

/** Absolute paths of tool modules given on the command line (relative to `cwd`). */
export function resolveToolModules(paths: readonly string[], cwd: string): string[] {
  return paths.map((path) => resolve(cwd, path));
}

/**
 * Imports tool modules (`--tools ./tools.mjs`): each exports its tools as its default
 * export or as `tools`, an array or an object of `Tool`s.
 *
 * @throws CliError (`INVALID_CONFIGURATION`) for a missing file or a module without tools.
 *
 * @example
 * const tools = await loadToolModules(["/home/me/tools.mjs"]);
 */
export async function loadToolModules(files: readonly string[]): Promise<Tool[]> {
  const tools: Tool[] = [];
  for (const file of files) {
    try {
      await access(file);
    } catch {
      throw new CliError(ERROR_CODES.INVALID_CONFIGURATION, `Cannot read tool module ${file}: no such file.`);
    }
    const module = (await import(pathToFileURL(file).href)) as { default?: unknown; tools?: unknown };
    tools.push(...toolsOf(module.tools ?? module.default, file));
  }
  return tools;
}
