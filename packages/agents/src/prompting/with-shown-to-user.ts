import { toolResultValueText, type AgentConfig, type AgentContext, type OrchestratorState, type SpecialToolOutcome, type ToolCallPart } from "@baton/core";

/** The note placed before a wrapped result. */
export const SHOWN_TO_USER_NOTE = "The user has already seen this output; do not repeat it.";

/** Options of {@link withShownToUser}: which tools' results the user has already seen. */
export type ShownToUserOptions =
  | { readonly toolNames: readonly string[]; readonly note?: string }
  | { readonly predicate: (toolName: string, toolCall: ToolCallPart) => boolean; readonly note?: string };

/**
 * Wraps a result the user has already seen, as the model reads it:
 * the note, then the result's text between `<shown_to_user>` tags.
 *
 * @example
 * shownToUserText("| a | b |") // "The user has already seen this output; do not repeat it.\n<shown_to_user>\n| a | b |\n</shown_to_user>"
 */
export function shownToUserText(result: unknown, note: string = SHOWN_TO_USER_NOTE): string {
  return `${note}\n<shown_to_user>\n${toolResultValueText(result)}\n</shown_to_user>`;
}

/** Whether the loop reported this call as failed (its error text is recorded as the call's summary). */
function failed(result: unknown, toolCall: ToolCallPart, state: OrchestratorState): boolean {
  const metadata = state.toolMetadata[toolCall.toolCallId];
  return metadata !== undefined && metadata["includeInHistory"] === false && metadata["summary"] === result && typeof result === "string";
}

/**
 * Wraps an agent config so that the results of tools whose output the application
 * already showed the user (a rendered chart, a drafted document) reach the model
 * wrapped in `<shown_to_user>` tags after a note telling it not to repeat them. Error
 * results are left as they are. The config's own `handleSpecialTools` runs first, and
 * its `modifiedResult` (when given) is what gets wrapped.
 *
 * @example
 * const config = withShownToUser({}, { toolNames: ["render_chart"] });
 */
export function withShownToUser(config: AgentConfig, options: ShownToUserOptions): AgentConfig {
  const matches =
    "predicate" in options
      ? options.predicate
      : ((names: ReadonlySet<string>) => (toolName: string) => names.has(toolName))(new Set(options.toolNames));
  const note = options.note ?? SHOWN_TO_USER_NOTE;
  return {
    ...config,
    async handleSpecialTools(toolName: string, result: unknown, toolCall: ToolCallPart, context: AgentContext, state: OrchestratorState): Promise<SpecialToolOutcome | undefined> {
      const inner = (await config.handleSpecialTools?.call(config, toolName, result, toolCall, context, state)) ?? undefined;
      if (!matches(toolName, toolCall) || failed(result, toolCall, state)) return inner;
      const current = inner && "modifiedResult" in inner ? inner.modifiedResult : result;
      return { ...inner, modifiedResult: shownToUserText(current, note) };
    },
  };
}
