import type { AgentContext, Tool } from "@baton/core";

/**
 * How to tell the user to enable a tool: hints by tool name, or a function returning
 * the hint (undefined falls back to the tool's own `enableHint`, then the default).
 *
 * @example
 * mainThreadConfig({ enableHint: (toolName, context) => (context.context["plan"] === "free" ? `Upgrade to use ${toolName}.` : undefined) });
 */
export type EnableHint = Readonly<Record<string, string>> | ((toolName: string, context: AgentContext) => string | undefined);

/**
 * A tool that says how a user enables it (read by the main-thread config).
 *
 * @example
 * const imageGen: EnableHintTool = { ...imageTool, enableHint: "Turn on Image generation in Settings → Tools." };
 */
export interface EnableHintTool extends Tool {
  /** Shown to the user when the tool is not enabled for them, e.g. "Turn on Image generation in Settings → Tools." */
  readonly enableHint?: string;
}

/**
 * The hint used when neither the options nor the tool give one.
 *
 * @example
 * defaultEnableHint("image_gen"); // 'The "image_gen" tool is not enabled for your account, …'
 */
export function defaultEnableHint(toolName: string): string {
  return `The "${toolName}" tool is not enabled for your account, so I could not use it. Turn it on in your settings, then ask again.`;
}

/**
 * The hint for `toolName`: the options' hint, else the tool's `enableHint`, else {@link defaultEnableHint}.
 *
 * @example
 * const hint = resolveEnableHint("image_gen", context, { image_gen: "Ask your admin." }); // "Ask your admin."
 */
export function resolveEnableHint(toolName: string, context: AgentContext, hint: EnableHint | undefined): string {
  const fromOptions = typeof hint === "function" ? hint(toolName, context) : hint && Object.hasOwn(hint, toolName) ? hint[toolName] : undefined;
  if (fromOptions !== undefined) return fromOptions;
  const tool = context.registry.get(toolName) as EnableHintTool | undefined;
  return typeof tool?.enableHint === "string" ? tool.enableHint : defaultEnableHint(toolName);
}
