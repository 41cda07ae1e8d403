import type { ToolChoice } from "@baton/core";
import type Anthropic from "@anthropic-ai/sdk";

/**
 * The Messages API's `tool_choice`: `auto` → `auto`, `required` → `any`, a named
 * tool → `tool`, `none` → `none`. `parallelToolCalls: false` sets
 * `disable_parallel_tool_use` (and `true` clears it); with neither a choice nor the
 * flag, nothing is sent and the API's default (`auto`, parallel allowed) applies.
 *
 * @example toToolChoice("required", false) // { type: "any", disable_parallel_tool_use: true }
 */
export function toToolChoice(choice: ToolChoice | undefined, parallelToolCalls: boolean | undefined): Anthropic.ToolChoice | undefined {
  if (choice === "none") return { type: "none" };
  const parallel = parallelToolCalls === undefined ? {} : { disable_parallel_tool_use: !parallelToolCalls };
  if (choice === undefined) return parallelToolCalls === undefined ? undefined : { type: "auto", ...parallel };
  if (choice === "auto") return { type: "auto", ...parallel };
  if (choice === "required") return { type: "any", ...parallel };
  return { type: "tool", name: choice.name, ...parallel };
}
