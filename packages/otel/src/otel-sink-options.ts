import type { Context, Tracer } from "@opentelemetry/api";
import type { DataPolicy } from "@baton/core";
import type { ProviderNameOption } from "./provider-name.js";

/** Options of {@link otelSink}. All are optional. */
export interface OtelSinkOptions {
  /** The tracer the spans are made with. Default: `trace.getTracer("@baton/otel")` from the global tracer provider. */
  readonly tracer?: Tracer;
  /**
   * The context a run's root span is a child of: a context (from {@link fromCarrier},
   * say, for a run resumed from a queue) or a function called at each run's start.
   * Default: the context active where the run starts (`context.active()` at its
   * `run-start`), so a run started inside an HTTP request's span is that span's child.
   */
  readonly parentContext?: Context | (() => Context);
  /**
   * Records content on the spans: the model's output messages (`gen_ai.output.messages`),
   * tool arguments and results (`gen_ai.tool.call.arguments`, `gen_ai.tool.call.result`),
   * tool progress messages and each agent's final answer. Default false: spans carry
   * names, ids, models, tokens, cost, timings and statuses only.
   */
  readonly captureContent?: boolean;
  /**
   * What content may be recorded when `captureContent` is on: give the run's data policy
   * (the agent config's `dataPolicy`), and nothing it excludes reaches a span. Default:
   * everything.
   */
  readonly dataPolicy?: DataPolicy;
  /**
   * `gen_ai.provider.name`: a name (`providerNameOf(provider)` gives it for Baton's
   * adapters) or a function of the model id. Default: guessed from well-known model id
   * prefixes (`gpt-` → `openai`, `claude` → `anthropic`, `gemini` → `gcp.gemini`, …),
   * else not set.
   */
  readonly providerName?: ProviderNameOption;
}
