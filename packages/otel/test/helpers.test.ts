import { ROOT_CONTEXT, TraceFlags, trace } from "@opentelemetry/api";
import { describe, expect, it } from "vitest";
import { ConfigurationError } from "@baton/core";
import { agentNameOf, formatTraceparent, fromCarrier, otelSink, parseTraceparent, providerNameOf, traceContextCarrier } from "../src/index.js";

const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const SPAN_ID = "00f067aa0ba902b7";

describe("W3C traceparent", () => {
  it("formats and parses a span context", () => {
    const text = formatTraceparent({ traceId: TRACE_ID, spanId: SPAN_ID, traceFlags: TraceFlags.SAMPLED });
    expect(text).toBe(`00-${TRACE_ID}-${SPAN_ID}-01`);
    expect(parseTraceparent(text)).toEqual({ traceId: TRACE_ID, spanId: SPAN_ID, traceFlags: TraceFlags.SAMPLED, isRemote: true });
    expect(parseTraceparent(`00-${TRACE_ID}-${SPAN_ID}-00`, "vendor=abc")!.traceState!.get("vendor")).toBe("abc");
  });

  it("refuses what is not a valid traceparent", () => {
    for (const bad of [
      "",
      "garbage",
      `ff-${TRACE_ID}-${SPAN_ID}-01`,
      `00-${"0".repeat(32)}-${SPAN_ID}-01`,
      `00-${TRACE_ID}-${"0".repeat(16)}-01`,
      `00-${TRACE_ID}-${SPAN_ID}-01-extra`,
      `00-${TRACE_ID.toUpperCase()}-${SPAN_ID}-01`,
    ]) {
      expect(parseTraceparent(bad), bad).toBeUndefined();
    }
  });
});

describe("traceContextCarrier / fromCarrier", () => {
  it("round-trip a span context without any propagator registered", () => {
    const ctx = trace.setSpanContext(ROOT_CONTEXT, { traceId: TRACE_ID, spanId: SPAN_ID, traceFlags: TraceFlags.SAMPLED });
    const carrier = traceContextCarrier(ctx);
    expect(carrier).toEqual({ traceparent: `00-${TRACE_ID}-${SPAN_ID}-01` });
    expect(trace.getSpanContext(fromCarrier(carrier))).toEqual({ traceId: TRACE_ID, spanId: SPAN_ID, traceFlags: TraceFlags.SAMPLED, isRemote: true });
  });

  it("give an empty carrier for no span, and the base context for a missing or invalid carrier", () => {
    expect(traceContextCarrier(ROOT_CONTEXT)).toEqual({});
    expect(fromCarrier(undefined)).toBe(ROOT_CONTEXT);
    expect(fromCarrier(null)).toBe(ROOT_CONTEXT);
    expect(trace.getSpanContext(fromCarrier({ traceparent: "nope" }))).toBeUndefined();
    expect(trace.getSpanContext(fromCarrier({ traceparent: 42 }))).toBeUndefined();
    // Header names are case-insensitive.
    expect(trace.getSpanContext(fromCarrier({ TraceParent: `00-${TRACE_ID}-${SPAN_ID}-01` }))?.spanId).toBe(SPAN_ID);
  });
});

describe("names", () => {
  it("an agent's name is its path's last segment without the ordinal", () => {
    expect(agentNameOf("main")).toBe("main");
    expect(agentNameOf("main/researcher#2")).toBe("researcher");
    expect(agentNameOf("main/a#1/fetcher#10")).toBe("fetcher");
  });

  it("Baton's adapters map to GenAI provider names", () => {
    expect(providerNameOf({ id: "openai" })).toBe("openai");
    expect(providerNameOf({ id: "anthropic" })).toBe("anthropic");
    expect(providerNameOf({ id: "google" })).toBe("gcp.gemini");
    expect(providerNameOf({ id: "scripted" })).toBe("scripted");
  });
});

describe("otelSink options", () => {
  it("refuses an unknown option or a wrong value with a ConfigurationError", () => {
    expect(() => otelSink({ captureContnet: true } as never)).toThrow(ConfigurationError);
    expect(() => otelSink({ captureContnet: true } as never)).toThrow(/unknown option "captureContnet"/);
    expect(() => otelSink({ captureContent: "yes" } as never)).toThrow(/"captureContent" must be a boolean/);
    expect(() => otelSink({ tracer: {} } as never)).toThrow(ConfigurationError);
  });
});
