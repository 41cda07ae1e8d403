import { context, trace, type Context } from "@opentelemetry/api";
import { checkOptions, optionIs, type EventSink, type StreamEvent } from "@baton/core";
import { contentRecorder } from "./content-recorder.js";
import type { OtelSinkOptions } from "./otel-sink-options.js";
import { RunTrace } from "./run-trace.js";
import { asyncToolCallScope } from "./tool-call-scope.js";
import type { ToolSpan } from "./tool-span.js";
import type { TraceSettings } from "./trace-settings.js";

/** The tracer name (instrumentation scope) of the spans. */
export const TRACER_NAME = "@baton/otel";

const OPTION_RULES = {
  tracer: optionIs.objectWith("a Tracer", "startSpan"),
  parentContext: optionIs.either(optionIs.function, optionIs.objectWith("a Context", "getValue", "setValue")),
  captureContent: optionIs.boolean,
  dataPolicy: optionIs.object,
  providerName: optionIs.either(optionIs.string, optionIs.function),
};

/** A run whose spans do not record: its events are skipped until its root agent ends. */
interface SkippedRun {
  readonly rootPath: string;
}

type TracedRun = RunTrace | SkippedRun;

/**
 * One scope for every sink: each `AsyncLocalStorage` in use costs every asynchronous
 * operation of the process a little, so sinks share one (a run checks that a mark is
 * one of its own calls).
 */
const TOOL_CALL_SCOPE = asyncToolCallScope<ToolSpan>();

/**
 * An event sink that turns runs' events into OpenTelemetry spans. One sink may serve
 * any number of runs, one after the other or at once: each run is traced apart, by
 * its run id, from its root `run-start` to its root `run-end`.
 */
export class OtelSink implements EventSink {
  private readonly settings: TraceSettings;
  private readonly parentContext: Context | (() => Context) | undefined;
  private readonly runs = new Map<string, TracedRun>();
  /** The last run looked up, for the common case of a sink per run. */
  private lastRunId: string | undefined;
  private lastRun: TracedRun | undefined;

  /** Checks the options (a `ConfigurationError` names a wrong one) and resolves them once. */
  constructor(options: OtelSinkOptions = {}) {
    checkOptions("otelSink", options, OPTION_RULES);
    this.settings = {
      tracer: options.tracer ?? trace.getTracer(TRACER_NAME),
      content: contentRecorder(options.captureContent ?? false, options.dataPolicy),
      providerName: options.providerName,
      scope: TOOL_CALL_SCOPE,
    };
    this.parentContext = options.parentContext;
  }

  /** Takes one event of a run, synchronously: it never asks the run to wait. */
  emit(event: StreamEvent): void {
    const run = event.runId === this.lastRunId ? this.lastRun : this.runs.get(event.runId);
    if (run === undefined) {
      if (event.type === "run-start" && event.parentAgentPath === undefined) this.startRun(event);
      return;
    }
    if (run instanceof RunTrace) {
      if (run.handle(event)) this.forget(event.runId);
    } else if (event.type === "run-end" && event.agentPath === run.rootPath) {
      this.forget(event.runId);
    }
  }

  private startRun(event: Extract<StreamEvent, { type: "run-start" }>): void {
    const run = RunTrace.start(this.settings, this.parentOf(), event);
    // Without an SDK (or in a trace that is not sampled) the root span does not record: nothing else of the run is built.
    const entry: TracedRun = run.recording ? run : { rootPath: event.agentPath };
    this.runs.set(event.runId, entry);
    this.lastRunId = event.runId;
    this.lastRun = entry;
  }

  private parentOf(): Context {
    const option = this.parentContext;
    if (option === undefined) return context.active();
    return typeof option === "function" ? option() : option;
  }

  private forget(runId: string): void {
    this.runs.delete(runId);
    if (this.lastRunId === runId) {
      this.lastRunId = undefined;
      this.lastRun = undefined;
    }
  }
}

/**
 * An {@link EventSink} that turns a run's events into spans following the
 * OpenTelemetry GenAI semantic conventions: `invoke_agent <agent>` per agent (a
 * sub-agent under the `execute_tool` span of the call that started it), `chat <model>`
 * per model call and `execute_tool <tool>` per tool call. Give it to a run's `sinks`.
 *
 * With no OpenTelemetry SDK registered, each run costs one non-recording span at its
 * start and a map lookup per event.
 *
 * @example
 * import { run } from "@baton/loop";
 * import { otelSink } from "@baton/otel";
 *
 * const result = await run({ provider, model: "gpt-4o", input: "Hi", sinks: [otelSink()] });
 */
export function otelSink(options?: OtelSinkOptions): OtelSink {
  return new OtelSink(options);
}
