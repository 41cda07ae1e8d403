import { trace } from "@opentelemetry/api";
import { describe, expect, it } from "vitest";
import type { StreamEvent } from "@baton/core";
import { run } from "@baton/loop";
import { fakeTool, scriptedModel } from "@baton/testing";
import { otelSink } from "../src/index.js";
import { researchModel, researchTool } from "./support/research-tool.js";

describe("otelSink without an OpenTelemetry SDK", () => {
  it("builds nothing: the root span does not record, and the run's other events are skipped", async () => {
    const started: string[] = [];
    const tracer = trace.getTracer("probe");
    const counting = {
      startSpan: (...args: Parameters<typeof tracer.startSpan>) => {
        started.push(args[0]);
        return tracer.startSpan(...args);
      },
      startActiveSpan: tracer.startActiveSpan.bind(tracer),
    } as typeof tracer;
    const events: StreamEvent[] = [];
    const result = await run({
      provider: researchModel(),
      model: "m",
      input: "pets",
      tools: [researchTool()],
      onEvent: (e) => void events.push(e),
      sinks: [otelSink({ tracer: counting })],
    });
    expect(result.stopReason).toBe("completed");
    expect(events.length).toBeGreaterThan(30);
    expect(started).toEqual(["invoke_agent main"]);
  });

  it("serves one run after another with the global (no-op) tracer", async () => {
    const sink = otelSink();
    for (let i = 0; i < 3; i++) {
      const result = await run({
        provider: scriptedModel([{ toolCalls: [{ name: "t" }] }, "ok"]),
        model: "m",
        input: "hi",
        tools: [fakeTool({ name: "t" })],
        sinks: [sink],
      });
      expect(result.text).toBe("ok");
    }
  });
});
