import type { AgentConfig, Tool } from "@baton/core";
import { fromCarrier, otelSink, traceContextCarrier } from "@baton/otel";
import { scriptedModel } from "@baton/testing";
import { context, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loopAgent } from "./support/loop-agent.js";
import { describeWithRedis } from "./support/redis.js";
import { useQueueHarness } from "./support/harness.js";

const contextManager = new AsyncLocalStorageContextManager();
beforeAll(() => void context.setGlobalContextManager(contextManager.enable()));
afterAll(() => {
  contextManager.disable();
  context.disable();
});

/** Every call of `delete_file` waits for a person's approval. */
const approveDeletes: AgentConfig = {
  beforeToolCalls: ({ calls }) => ({
    decisions: Object.fromEntries(
      calls.filter((planned) => planned.call.toolName === "delete_file").map((planned) => [planned.call.toolCallId, { type: "interrupt" as const }]),
    ),
  }),
};

describeWithRedis("a queued run continues the submitter's trace", () => {
  const harness = useQueueHarness();
  const exporter = new InMemorySpanExporter();
  const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer("test");
  const deleteFile: Tool = {
    name: "delete_file",
    description: "Deletes a file.",
    parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
    execute: async () => "deleted",
  } as Tool;

  it("the worker's spans are children of the API node's request span, for the run and for its resumption", async () => {
    const provider = scriptedModel(
      [
        (request) =>
          request.messages.some((m) => m.role === "tool") ? "Cleaned." : { toolCalls: [{ id: "d1", name: "delete_file", arguments: { path: "old.txt" } }] },
      ],
      { repeatLast: true },
    );
    harness.startWorker({
      agents: { cleaner: loopAgent({ provider, tools: [deleteFile], config: approveDeletes, storage: harness.storage, sinks: [otelSink({ tracer })] }) },
      aroundRun: (job, attempt) => context.with(fromCarrier(job.trace ?? {}), attempt),
    });
    const request = tracer.startSpan("POST /runs");
    const carrier = traceContextCarrier(trace.setSpan(context.active(), request));
    const { runId } = await harness.queue.submit({ agent: "cleaner", input: "Delete old.txt.", trace: carrier });
    expect((await harness.finished(runId)).stopReason).toBe("interrupted");
    const approval = tracer.startSpan("POST /runs/approve", {}, trace.setSpan(context.active(), request));
    const { jobId } = await harness.queue.resume({
      agent: "cleaner",
      runId,
      decisions: { d1: { approve: true } },
      trace: traceContextCarrier(trace.setSpan(context.active(), approval)),
    });
    expect((await harness.finished(jobId)).stopReason).toBe("completed");
    approval.end();
    request.end();

    const spans = exporter.getFinishedSpans();
    const agents = spans.filter((span) => span.name === "invoke_agent main");
    expect(agents).toHaveLength(2);
    for (const agent of agents) expect(agent.spanContext().traceId).toBe(request.spanContext().traceId);
    expect(agents.map((agent) => agent.parentSpanContext?.spanId).sort()).toEqual([request.spanContext().spanId, approval.spanContext().spanId].sort());
    expect(spans.filter((span) => span.name === "execute_tool delete_file").every((span) => span.spanContext().traceId === request.spanContext().traceId)).toBe(
      true,
    );
  });
});
