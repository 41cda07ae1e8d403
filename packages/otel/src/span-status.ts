import { SpanStatusCode, type Span } from "@opentelemetry/api";
import { BATON_ATTRIBUTES, GEN_AI_ATTRIBUTES } from "./attribute-names.js";

/** Marks `span` failed: status ERROR with `message`, and `error.type` (a Baton error code, or `_OTHER`). */
export function markFailed(span: Span, errorType: string, message: string): void {
  span.setAttribute(GEN_AI_ATTRIBUTES.ERROR_TYPE, errorType);
  span.setStatus({ code: SpanStatusCode.ERROR, message });
}

/** Marks `span` as cut short by the abort of its run: failed (`error.type` is the abort's error code) and `baton.aborted`. */
export function markAborted(span: Span, errorType = "RUN_ABORTED"): void {
  span.setAttribute(BATON_ATTRIBUTES.ABORTED, true);
  markFailed(span, errorType, "aborted");
}

/**
 * Marks `span` as ended by its agent's (or run's) end rather than by its own ending
 * event: `baton.span.unfinished`, and failed, since whatever it did did not finish.
 */
export function markUnfinished(span: Span, aborted: boolean): void {
  span.setAttribute(BATON_ATTRIBUTES.UNFINISHED, true);
  if (aborted) markAborted(span);
  else markFailed(span, "_OTHER", "ended before its own ending event");
}
