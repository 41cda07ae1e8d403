/**
 * `@baton/otel`: OpenTelemetry tracing for Baton runs. {@link otelSink} turns a run's
 * events into spans following the OpenTelemetry GenAI semantic conventions;
 * {@link traceContextCarrier} and {@link fromCarrier} carry a trace across processes
 * (a run queued in one and resumed in another continues the same trace).
 * @packageDocumentation
 */
export { otelSink, OtelSink, TRACER_NAME } from "./otel-sink.js";
export type { OtelSinkOptions } from "./otel-sink-options.js";
export { providerNameOf, type ProviderNameOption } from "./provider-name.js";
export { traceContextCarrier, fromCarrier, type TraceContextCarrier } from "./trace-context-carrier.js";
export { formatTraceparent, parseTraceparent, TRACEPARENT, TRACESTATE } from "./w3c-traceparent.js";
export { GEN_AI_ATTRIBUTES, GEN_AI_OPERATIONS, BATON_ATTRIBUTES, BATON_SPAN_EVENTS } from "./attribute-names.js";
export { agentNameOf } from "./agent-name.js";
