import {
  DuplicateToolError,
  checkOptions,
  checkToolShape,
  optionIs as is,
  type OptionRules,
  type Tool,
  type ToolDefinition,
  type ToolRegistry,
} from "@baton/core";
import { selectTools } from "../selection/select-tools.js";
import type { ToolSelection } from "../selection/tool-selection.js";
import { toolUsagePrompt } from "./tool-usage-prompt.js";

/** Options of a {@link ToolSet}. */
export interface ToolSetOptions {
  /** Text put before the tool section of {@link ToolSet.systemPrompt}. */
  readonly basePrompt?: string;
}

/** The rules of {@link ToolSetOptions}, one per key (checked by the constructor and `createToolRegistry`). */
export const TOOL_SET_OPTION_RULES: OptionRules = { basePrompt: is.string };

/**
 * The standard `ToolRegistry`: tools by unique name in registration order, their
 * definitions for the model, and a system prompt made of a base prompt and each
 * tool's selection rule.
 *
 * @example
 * const tools = new ToolSet([search, calculator], { basePrompt: "You are a research assistant." });
 * tools.systemPrompt();
 * // "You are a research assistant.\n\n## Tools\n- web_search: …\n- calculator: …"
 */
export class ToolSet implements ToolRegistry {
  /** The base prompt given at construction, if any. */
  readonly basePrompt: string | undefined;
  readonly #tools = new Map<string, Tool>();
  #list: readonly Tool[] | undefined;

  /**
   * A set holding `tools` (throws `DuplicateToolError` on a repeated name). Throws a
   * `ConfigurationError` for an unknown option (accepted: `basePrompt`), a
   * `basePrompt` that is not a string, or a tool without a string name or an `execute`
   * function.
   */
  constructor(tools: Iterable<Tool> = [], options: ToolSetOptions = {}) {
    checkOptions("ToolSet", options, TOOL_SET_OPTION_RULES);
    this.basePrompt = options.basePrompt;
    for (const tool of tools) this.register(tool);
  }

  /** Number of registered tools. */
  get size(): number {
    return this.#tools.size;
  }

  /**
   * Adds a tool; throws a `ConfigurationError` for a tool without a string name or an
   * `execute` function, and `DuplicateToolError` (`TOOL_DUPLICATE_NAME`) if the name is
   * taken. Returns the set.
   */
  register(tool: Tool): this {
    checkToolShape(tool);
    if (this.#tools.has(tool.name)) throw new DuplicateToolError(tool.name);
    this.#tools.set(tool.name, tool);
    this.#list = undefined;
    return this;
  }

  /** Removes the tool named `name`; returns whether it was registered. */
  unregister(name: string): boolean {
    this.#list = undefined;
    return this.#tools.delete(name);
  }

  /** Removes every tool. */
  clear(): void {
    this.#tools.clear();
    this.#list = undefined;
  }

  /** The tool named `name`, if registered. */
  get(name: string): Tool | undefined {
    return this.#tools.get(name);
  }

  /** Whether a tool named `name` is registered. */
  has(name: string): boolean {
    return this.#tools.has(name);
  }

  /** The tools in registration order (the same frozen array until the set changes). */
  list(): readonly Tool[] {
    return (this.#list ??= Object.freeze([...this.#tools.values()]));
  }

  /** The tool names in registration order. */
  names(): string[] {
    return [...this.#tools.keys()];
  }

  /** What the model is sent: name, description and JSON Schema of each tool, in registration order. */
  definitions(): ToolDefinition[] {
    return this.list().map((tool) => ({ name: tool.name, description: tool.description, parameters: tool.parameters }));
  }

  /**
   * The base prompt, a blank line, then {@link toolUsagePrompt} of the tools (only
   * tools with a selection rule are listed). Either part is left out when empty;
   * empty string when both are.
   */
  systemPrompt(): string {
    const parts = [this.basePrompt?.trim() ?? "", toolUsagePrompt(this.list())];
    return parts.filter((part) => part !== "").join("\n\n");
  }

  /**
   * A new set with the tools `selection` picks (see `selectTools`, which checks the
   * selection's keys: `preset`, `presets`, `allow`, `deny`), keeping the base prompt.
   */
  select(selection: ToolSelection): ToolSet {
    return toolSetOf(selectTools(this, selection), this.basePrompt === undefined ? {} : { basePrompt: this.basePrompt });
  }
}

/**
 * A new {@link ToolSet}, made outside the class body: a class that names itself inside
 * its body loses its name when bundled (`class _ToolSet`).
 */
function toolSetOf(tools: Iterable<Tool>, options: ToolSetOptions): ToolSet {
  return new ToolSet(tools, options);
}
