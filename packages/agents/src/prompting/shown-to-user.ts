import { ConfigurationError, checkOptions, optionIs as is, toolResultValueText, type AgentConfig, type ToolCallPart } from "@baton/core";

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
  | {
      /** Whether the user has seen the result of this call. */
      readonly predicate: (toolName: string, toolCall: ToolCallPart) => boolean;
      readonly note?: string;
    };

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
 *
 * @throws ConfigurationError for an unknown option (accepted: `toolNames`,
 *   `predicate`, `note`), a value of the wrong type, or unless exactly one of
 *   `toolNames` and `predicate` is given.
 */
export function shownToUser(options: ShownToUserOptions): AgentConfig {
  checkOptions("shownToUser", options, { toolNames: is.stringArray, predicate: is.function, note: is.string });
  const given = (["toolNames", "predicate"] as const).filter((key) => (options as Record<string, unknown> | undefined)?.[key] !== undefined);
  if (given.length !== 1) {
    throw new ConfigurationError(
      given.length === 0
        ? 'shownToUser(): give the tools whose results the user has seen: "toolNames" (a list of names) or "predicate" (a function).'
        : 'shownToUser(): give "toolNames" or "predicate", not both.',
      { details: { function: "shownToUser", given } },
    );
  }
  const matches =
    "predicate" in options && options.predicate !== undefined
      ? options.predicate
      : (
          (names: ReadonlySet<string>) => (toolName: string) =>
            names.has(toolName)
        )(new Set((options as { readonly toolNames: readonly string[] }).toolNames));
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
