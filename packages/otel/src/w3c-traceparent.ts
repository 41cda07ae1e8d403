import { TraceFlags, createTraceState, isSpanContextValid, type SpanContext } from "@opentelemetry/api";

/** The W3C Trace Context header that carries a span context. */
export const TRACEPARENT = "traceparent";
/** The W3C Trace Context header that carries vendor state. */
export const TRACESTATE = "tracestate";

const TRACEPARENT_PATTERN = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

/** A span context as a W3C `traceparent` value (`00-<trace id>-<span id>-<flags>`). */
export function formatTraceparent(spanContext: SpanContext): string {
  const flags = (spanContext.traceFlags & TraceFlags.SAMPLED).toString(16).padStart(2, "0");
  return `00-${spanContext.traceId}-${spanContext.spanId}-${flags}`;
}

/** The remote span context a W3C `traceparent` value names, or undefined when it is not a valid one. */
export function parseTraceparent(value: string, tracestate?: string): SpanContext | undefined {
  const match = TRACEPARENT_PATTERN.exec(value.trim());
  if (!match) return undefined;
  const [, version, traceId, spanId, flags, rest] = match as unknown as [string, string, string, string, string, string | undefined];
  // Version ff is forbidden; version 00 has nothing after the flags.
  if (version === "ff" || (version === "00" && rest !== undefined)) return undefined;
  const spanContext: SpanContext = { traceId, spanId, traceFlags: parseInt(flags, 16) & TraceFlags.SAMPLED, isRemote: true };
  if (!isSpanContextValid(spanContext)) return undefined;
  return tracestate === undefined ? spanContext : { ...spanContext, traceState: createTraceState(tracestate) };
}
