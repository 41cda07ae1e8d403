import { ROOT_CONTEXT, context, trace, type Span } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "@baton/loop";
import { fakeTool, scriptedModel } from "@baton/testing";
import { fromCarrier, otelSink, traceContextCarrier } from "../src/index.js";
import { inMemoryTracing } from "./support/in-memory-tracing.js";

const contextManager = new AsyncLocalStorageContextManager();
beforeAll(() => void context.setGlobalContextManager(contextManager.enable()));
afterAll(() => {
  contextManager.disable();
  context.disable();
});

const model = () => scriptedModel([{ toolCalls: [{ name: "t", arguments: {} }] }, "done"]);

describe("otelSink: the trace a run joins", () => {
  it("a run started inside an active span (an HTTP request's, say) is that span's child", async () => {
    const tracing = inMemoryTracing();
    const sink = otelSink({ tracer: tracing.tracer });
    let request: Span | undefined;
    await tracing.tracer.startActiveSpan("GET /chat", async (span) => {
      request = span;
      await run({ provider: model(), model: "m", input: "hi", tools: [fakeTool({ name: "t", delayMs: 2 })], sinks: [sink] });
      span.end();
    });
    const agent = tracing.span("invoke_agent main");
    expect(agent.parentSpanContext?.spanId).toBe(request!.spanContext().spanId);
    expect(tracing.tree()).toEqual([
      "GET /chat [INTERNAL]",
      "  invoke_agent main [INTERNAL]",
      "    chat m [CLIENT]",
      "    execute_tool t [INTERNAL]",
      "    chat m [CLIENT]",
    ]);
  });

  it("one sink serves many runs: each joins the context active where it starts", async () => {
    const tracing = inMemoryTracing();
    const sink = otelSink({ tracer: tracing.tracer });
    const runIn = (name: string) =>
      tracing.tracer.startActiveSpan(name, async (span) => {
        await run({ provider: model(), model: "m", input: "hi", tools: [fakeTool({ name: "t", delayMs: 5 })], sinks: [sink] });
        span.end();
        return span.spanContext().spanId;
      });
    const [a, b] = await Promise.all([runIn("request a"), runIn("request b")]);
    const agents = tracing.spans().filter((s) => s.name === "invoke_agent main");
    expect(agents.map((s) => s.parentSpanContext?.spanId).sort()).toEqual([a, b].sort());
  });

  it("without a parent, a run starts a trace of its own", async () => {
    const tracing = inMemoryTracing();
    await context.with(ROOT_CONTEXT, () =>
      run({ provider: model(), model: "m", input: "hi", tools: [fakeTool({ name: "t" })], sinks: [otelSink({ tracer: tracing.tracer })] }),
    );
    expect(tracing.span("invoke_agent main").parentSpanContext).toBeUndefined();
  });

  it("a run resumed on another worker continues the stored trace (traceContextCarrier → fromCarrier)", async () => {
    const tracing = inMemoryTracing();
    // The web process: a request span, whose context is stored with the queued job (JSON).
    const stored = await tracing.tracer.startActiveSpan("POST /runs", async (span) => {
      const job = JSON.stringify({ input: "hi", traceContext: traceContextCarrier() });
      span.end();
      return { job, spanContext: span.spanContext() };
    });
    expect(JSON.parse(stored.job).traceContext).toEqual({ traceparent: `00-${stored.spanContext.traceId}-${stored.spanContext.spanId}-01` });
    // The worker: no active span; the sink's parent is the stored context.
    const job = JSON.parse(stored.job) as { input: string; traceContext: Record<string, string> };
    await context.with(ROOT_CONTEXT, () =>
      run({
        provider: model(),
        model: "m",
        input: job.input,
        tools: [fakeTool({ name: "t" })],
        sinks: [otelSink({ tracer: tracing.tracer, parentContext: fromCarrier(job.traceContext) })],
      }),
    );
    const agent = tracing.span("invoke_agent main");
    expect(agent.spanContext().traceId).toBe(stored.spanContext.traceId);
    expect(agent.parentSpanContext).toMatchObject({ spanId: stored.spanContext.spanId, isRemote: true });
  });

  it("the default tracer is the global provider's", async () => {
    const tracing = inMemoryTracing();
    trace.setGlobalTracerProvider(tracing.provider);
    try {
      await run({ provider: model(), model: "m", input: "hi", tools: [fakeTool({ name: "t" })], sinks: [otelSink()] });
      expect(tracing.span("invoke_agent main").instrumentationScope.name).toBe("@baton/otel");
    } finally {
      trace.disable();
    }
  });
});
