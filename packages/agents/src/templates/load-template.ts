import { readFile } from "node:fs/promises";
import { AgentTemplateError } from "./template-errors.js";
import { parseAgentTemplate } from "./parse-template.js";
import type { AgentTemplate } from "./template-schema.js";

/**
 * Reads an agent template from a JSON file.
 *
 * @throws AgentTemplateError when the file cannot be read, is not JSON, or a field is
 *   invalid (the error names the file and each field).
 *
 * @example
 * const template = await loadAgentTemplate("./agents/support.json");
 */
export async function loadAgentTemplate(path: string): Promise<AgentTemplate> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : error instanceof Error ? error.message : String(error);
    throw new AgentTemplateError(`Cannot read agent template ${path}: ${reason}.`, [], path);
  }
  return parseAgentTemplate(text, { source: path });
}
