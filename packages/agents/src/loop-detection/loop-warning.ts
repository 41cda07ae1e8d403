import type { LoopDetection } from "./loop-detection-types.js";

/**
 * The default warning the model sees when a loop is detected (give your own with the
 * `warningText` option of `loopDetection`).
 *
 * @example
 * loopDetection({ warningText: (detection) => `${defaultLoopWarning(detection)} Ask the user if unsure.` });
 */
export function defaultLoopWarning(detection: LoopDetection): string {
  const what =
    detection.kind === "tool_repetition"
      ? `You have called "${detection.toolName}" ${detection.count} times with identical arguments.`
      : `You have written the same response ${detection.count} times.`;
  return (
    `[Loop warning] ${what} You appear to be stuck in a loop. ` +
    "Try a different approach, change the arguments, or answer with what you have. " +
    "If the repetition continues, the run will be stopped."
  );
}

/**
 * A tool result with a warning beside it: a text result gets the warning appended
 * after a blank line; any other result becomes `{ result, warning }`.
 */
export function withWarning(result: unknown, warning: string): unknown {
  if (typeof result === "string") return `${result}\n\n${warning}`;
  return { result, warning };
}
