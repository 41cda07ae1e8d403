import { ContextLengthExceededError, ZERO_TOKEN_USAGE, reportedContextLimit, type BatonError, type NextStep } from "@baton/core";
import type { AgentRun } from "../run-tree/agent-run.js";
import { CONTINUE_TO } from "./continue-to.js";
import { trimContext } from "./trim-context.js";
import { errorFields } from "../logging/error-fields.js";

/** Without a limit in the provider's error, the engine trims to this share of the configured window. */
const UNREPORTED_LIMIT_SHARE = 0.9;

/**
 * What follows a model call the provider refused as too long for its window: with a
 * context engine, and when the call was not itself such a retry, the engine trims the
 * conversation to the provider's reported limit (or 90 % of the configured one) and the
 * call is made once more as the next step (a `context-overflow` event says so; the
 * failed step ends with `step-end`, finish reason `error`, and counts as an
 * iteration). Otherwise undefined: the run ends with the error.
 */
export async function retryAfterOverflow(
  run: AgentRun,
  failure: BatonError,
  model: string,
  iteration: number,
  produced: boolean,
): Promise<NextStep | undefined> {
  if (!ContextLengthExceededError.isInstance(failure) || !run.settings.contextEngine || produced || run.overflowRetried) return undefined;
  run.overflowRetried = true;
  run.hold?.release();
  run.hold = undefined;
  const contextLimit = reportedContextLimit(failure) ?? Math.floor(run.settings.contextLimit(model) * UNREPORTED_LIMIT_SHARE);
  run.stepOpen = false;
  if (run.events.active) run.emit({ type: "step-end", iteration, finishReason: "error", toolCalls: 0 });
  run.events.endBlock();
  run.emit({ type: "context-overflow", iteration, contextLimit });
  run.log?.warn({ iteration, contextLimit, ...errorFields(failure) }, "context overflow retry");
  await trimContext(run, contextLimit, model, { text: "", usage: ZERO_TOKEN_USAGE, toolCalls: [], toolResults: [] });
  return CONTINUE_TO.prepare;
}
