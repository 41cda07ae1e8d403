import { ConfigurationError } from "../errors/errors.js";
import type { Tool } from "./tool.js";

/** A wrong value in words, for the message: `null`, `nothing`, `a number`. */
function kindOf(value: unknown): string {
  return value === null
    ? "null"
    : value === undefined
      ? "nothing"
      : Array.isArray(value)
        ? "an array"
        : typeof value === "object"
          ? "an object"
          : `a ${typeof value}`;
}

/**
 * Checks what is registered as a tool before a run can call it: an object with a
 * string `name` and an `execute` function. Throws a {@link ConfigurationError} naming
 * the tool otherwise, so a hand-written tool without `execute` fails when it is
 * registered (a registry's `register`, or a run given `tools`), not when the model
 * first calls it. `defineTool` of `@baton/tools` checks this and more when a tool is
 * defined.
 *
 * @example checkToolShape({ name: "search", description: "…", parameters }); // throws: Tool "search" has no execute function …
 */
export function checkToolShape(tool: unknown): asserts tool is Tool {
  if (tool === null || typeof tool !== "object" || Array.isArray(tool)) {
    throw new ConfigurationError(`A tool must be an object with a name and an execute function, got ${kindOf(tool)}.`);
  }
  const { name, execute } = tool as { name?: unknown; execute?: unknown };
  if (typeof name !== "string") throw new ConfigurationError(`A tool's name must be a string, got ${kindOf(name)}.`);
  if (typeof execute !== "function") {
    throw new ConfigurationError(`Tool "${name}" has no execute function: a tool needs execute(args, context) to be called.`, { details: { toolName: name } });
  }
}
