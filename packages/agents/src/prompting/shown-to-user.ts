import { toolResultValueText, type AgentConfig, type ToolCallPart } from "@baton/core";

/**
 * The note placed before a wrapped result.
 *
 * @example
 * shownToUser({ toolNames: ["render_chart"], note: `${SHOWN_TO_USER_NOTE} Refer to it as "the chart above".` });
 */
export const SHOWN_TO_USER_NOTE = "The user has already seen this output; do not repeat it.";

/**
 * Options of {@link shownToUser}: which tools' results the user has already seen
 * (by name, or a predicate per call), and the note (default {@link SHOWN_TO_USER_NOTE}).
 *
 * @example
 * shownToUser({ predicate: (toolName) => toolName.startsWith("render_"), note: "Already on screen." });
 */
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

/**
 * An agent config for tools whose output the application already showed the user (a
 * rendered chart, a drafted document): its `afterToolBatch` hook wraps their results,
 * as the model reads them, in `<shown_to_user>` tags after a note telling it not to
 * repeat them ({@link shownToUserText}). Error results are left as they are; the run's
 * tool-call records keep the tool's own result. What gets wrapped is the result as
 * configs composed before this one left it.
 *
 * @example
 * const config = composeConfigs(mainThreadConfig(), shownToUser({ toolNames: ["render_chart"] }));
 */
export function shownToUser(options: ShownToUserOptions): AgentConfig {
  const matches =
    "predicate" in options ? options.predicate : ((names: ReadonlySet<string>) => (toolName: string) => names.has(toolName))(new Set(options.toolNames));
  const note = options.note ?? SHOWN_TO_USER_NOTE;
  return {
    afterToolBatch({ results }) {
      const wrapped: Record<string, unknown> = {};
      for (const entry of results) {
        if (entry.status === "ok" && matches(entry.call.toolName, entry.call)) wrapped[entry.call.toolCallId] = shownToUserText(entry.result, note);
      }
      return Object.keys(wrapped).length > 0 ? { results: wrapped } : undefined;
    },
  };
}
