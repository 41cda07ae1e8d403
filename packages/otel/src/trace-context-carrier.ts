import { ROOT_CONTEXT, context as otelContext, propagation, trace, type Context } from "@opentelemetry/api";
import { TRACEPARENT, TRACESTATE, formatTraceparent, parseTraceparent } from "./w3c-traceparent.js";

/**
 * A trace context as plain string fields (W3C `traceparent`, `tracestate`, and whatever
 * else the registered propagator writes, such as `baggage`): JSON-safe, so it can be
 * stored with a queued job or a checkpoint and restored in another process.
 */
export type TraceContextCarrier = Record<string, string>;

/**
 * The trace context of `ctx` (default: the active one) as a {@link TraceContextCarrier}.
 * It goes through the registered propagator (`propagation.inject`), and always holds
 * `traceparent` when `ctx` has a valid span, also when no propagator is registered.
 * Empty when there is no span to continue.
 *
 * @example
 * // When enqueueing a run: store where the trace goes on.
 * await queue.add("run", { input, traceContext: traceContextCarrier() });
 */
export function traceContextCarrier(ctx: Context = otelContext.active()): TraceContextCarrier {
  const carrier: TraceContextCarrier = {};
  propagation.inject(ctx, carrier);
  const spanContext = trace.getSpanContext(ctx);
  if (carrier[TRACEPARENT] === undefined && spanContext && trace.isSpanContextValid(spanContext)) {
    carrier[TRACEPARENT] = formatTraceparent(spanContext);
    const state = spanContext.traceState?.serialize();
    if (state) carrier[TRACESTATE] = state;
  }
  return carrier;
}

/**
 * The context a {@link TraceContextCarrier} describes, on top of `base` (default: the
 * root context): spans started in it continue the stored trace. It goes through the
 * registered propagator (`propagation.extract`), and reads `traceparent` itself when
 * no propagator is registered. A carrier that is missing, empty or invalid gives
 * `base` unchanged, so a job stored without one starts a new trace.
 *
 * @example
 * // In the worker: the run's spans continue the enqueuing request's trace.
 * await run({ ...agent, resume: job.state, sinks: [otelSink({ parentContext: fromCarrier(job.traceContext) })] });
 */
export function fromCarrier(carrier: Readonly<Record<string, unknown>> | null | undefined, base: Context = ROOT_CONTEXT): Context {
  if (!carrier || typeof carrier !== "object") return base;
  const fields: TraceContextCarrier = {};
  for (const [key, value] of Object.entries(carrier)) if (typeof value === "string") fields[key.toLowerCase()] = value;
  const extracted = propagation.extract(base, fields);
  if (trace.getSpanContext(extracted) !== trace.getSpanContext(base)) return extracted;
  const traceparent = fields[TRACEPARENT];
  const spanContext = traceparent === undefined ? undefined : parseTraceparent(traceparent, fields[TRACESTATE]);
  return spanContext ? trace.setSpanContext(extracted, spanContext) : extracted;
}
