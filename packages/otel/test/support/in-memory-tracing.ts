import type { Tracer } from "@opentelemetry/api";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from "@opentelemetry/sdk-trace-base";

/** A tracer whose finished spans are kept in memory, and ways to read them. */
export interface InMemoryTracing {
  readonly provider: BasicTracerProvider;
  readonly tracer: Tracer;
  /** The finished spans, in the order they ended. */
  spans(): ReadableSpan[];
  /** The one finished span named `name` (fails when there is not exactly one). */
  span(name: string): ReadableSpan;
  /** The finished spans as an indented tree: `<name> [<kind>]`, children by start time, then name. */
  tree(): string[];
  /** The children of `span`, by start time, then name. */
  childrenOf(span: ReadableSpan): ReadableSpan[];
}

const KIND_NAMES = ["INTERNAL", "SERVER", "CLIENT", "PRODUCER", "CONSUMER"];

/** Sets up an SDK tracer provider with an in-memory exporter (not registered globally). */
export function inMemoryTracing(): InMemoryTracing {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const spans = (): ReadableSpan[] => exporter.getFinishedSpans();
  const byStart = (a: ReadableSpan, b: ReadableSpan): number => startOf(a) - startOf(b) || a.name.localeCompare(b.name);
  const childrenOf = (parent: ReadableSpan): ReadableSpan[] =>
    spans()
      .filter((s) => s.parentSpanContext?.spanId === parent.spanContext().spanId)
      .sort(byStart);
  return {
    provider,
    tracer: provider.getTracer("test"),
    spans,
    span(name) {
      const found = spans().filter((s) => s.name === name);
      if (found.length !== 1)
        throw new Error(
          `expected one span named "${name}", found ${found.length}: ${spans()
            .map((s) => s.name)
            .join(", ")}`,
        );
      return found[0]!;
    },
    childrenOf,
    tree() {
      const ids = new Set(spans().map((s) => s.spanContext().spanId));
      const roots = spans()
        .filter((s) => !s.parentSpanContext || !ids.has(s.parentSpanContext.spanId))
        .sort(byStart);
      const lines: string[] = [];
      const walk = (span: ReadableSpan, depth: number): void => {
        lines.push(`${"  ".repeat(depth)}${span.name} [${KIND_NAMES[span.kind]}]`);
        for (const child of childrenOf(span)) walk(child, depth + 1);
      };
      for (const root of roots) walk(root, 0);
      return lines;
    },
  };
}

/** A span's start in milliseconds since the epoch. */
export function startOf(span: ReadableSpan): number {
  return span.startTime[0] * 1000 + span.startTime[1] / 1e6;
}

/** A span's end in milliseconds since the epoch. */
export function endOf(span: ReadableSpan): number {
  return span.endTime[0] * 1000 + span.endTime[1] / 1e6;
}
