import { ConfigurationError, TOOL_PRESETS, checkOptions, optionIs as is, type JsonSchema, type OptionRules, type Tool } from "@baton/core";
import type { InferZodOutput, ZodSchemaLike } from "../parameters/parameter-types.js";
import { resolveParameters } from "../parameters/resolve-parameters.js";
import { assertValidToolDescription, assertValidToolName } from "./tool-name.js";
import type { ToolSpec } from "./tool-spec.js";

/**
 * The keys of a {@link ToolSpec}, with their rules. `name`, `description` and
 * `parameters` accept any value here: their own checks (`assertValidToolName`,
 * `assertValidToolDescription`, `resolveParameters`) reject a bad one with
 * `InvalidToolSchemaError`; `execute` is required by a check of its own, so its error
 * names the tool.
 */
const TOOL_SPEC_RULES: OptionRules = {
  name: is.anything,
  description: is.anything,
  parameters: is.anything,
  execute: is.function,
  selectionRule: is.string,
  preset: is.oneOf(...TOOL_PRESETS),
  shouldUse: is.function,
  timeoutMs: is.positiveNumber,
  effects: is.oneOf("idempotent", "once"),
  includeInHistory: is.boolean,
  summarize: is.function,
};

/**
 * Defines a tool from a spec. `parameters` may be a zod 4 schema, a zod 3 schema, or
 * a JSON Schema; the returned `Tool` carries it as a provider-ready JSON Schema
 * (`normalizeToolSchema`) and has a `validate` that checks and converts arguments
 * (zod's `safeParse`, or Ajv for JSON Schema) with issues naming the path.
 *
 * With a zod schema, `execute` receives the schema's output type, inferred:
 *
 * @example
 * const search = defineTool({
 *   name: "web_search",
 *   description: "Searches the web.",
 *   parameters: z.object({ query: z.string(), limit: z.number().default(5) }),
 *   execute: async ({ query, limit }) => searchApi(query, limit), // query: string, limit: number
 * });
 *
 * With JSON Schema, arguments are `Record<string, unknown>` unless given:
 * `defineTool<{ query: string }>({ …, parameters: { type: "object", … } })`.
 *
 * @throws InvalidToolSchemaError (`TOOL_INVALID_SCHEMA`) for a bad name, a blank
 *   description, or parameters that cannot be an object JSON Schema.
 * @throws ConfigurationError (`INVALID_CONFIGURATION`) for a key the spec does not
 *   have (`defineTool(): unknown option "timeout". Accepted options: name, description,
 *   parameters, execute, selectionRule, preset, shouldUse, timeoutMs, effects,
 *   includeInHistory, summarize.`), a value of the wrong type, a bad `timeoutMs`,
 *   `effects` or `execute`, or a zod schema when zod cannot be loaded.
 */
export function defineTool<TSchema extends ZodSchemaLike, TResult = unknown>(
  spec: ToolSpec<TSchema, InferZodOutput<TSchema>, TResult>,
): Tool<InferZodOutput<TSchema>, TResult>;
export function defineTool<TArgs = Record<string, unknown>, TResult = unknown>(spec: ToolSpec<JsonSchema, TArgs, TResult>): Tool<TArgs, TResult>;
export function defineTool(spec: ToolSpec<ZodSchemaLike | JsonSchema, unknown, unknown>): Tool<unknown, unknown> {
  checkOptions("defineTool", spec, TOOL_SPEC_RULES);
  assertValidToolName(spec.name);
  assertValidToolDescription(spec.name, spec.description);
  if (typeof spec.execute !== "function") {
    throw new ConfigurationError(`Tool "${spec.name}" needs an execute function.`);
  }
  const { jsonSchema, validate } = resolveParameters<unknown>(spec.name, spec.parameters);
  return {
    name: spec.name,
    description: spec.description,
    parameters: jsonSchema,
    validate,
    execute: spec.execute,
    ...(spec.selectionRule !== undefined ? { selectionRule: spec.selectionRule } : {}),
    ...(spec.preset !== undefined ? { preset: spec.preset } : {}),
    ...(spec.shouldUse !== undefined ? { shouldUse: spec.shouldUse } : {}),
    ...(spec.timeoutMs !== undefined ? { timeoutMs: spec.timeoutMs } : {}),
    ...(spec.effects !== undefined ? { effects: spec.effects } : {}),
    ...(spec.includeInHistory !== undefined ? { includeInHistory: spec.includeInHistory } : {}),
    ...(spec.summarize !== undefined ? { summarize: spec.summarize } : {}),
  };
}
