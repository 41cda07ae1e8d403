import type { Tracer } from "@opentelemetry/api";
import type { ContentRecorder } from "./content-recorder.js";
import type { ProviderNameOption } from "./provider-name.js";
import type { ToolCallScope } from "./tool-call-scope.js";
import type { ToolSpan } from "./tool-span.js";

/** What every span of a sink is made with: the sink's options, resolved once. */
export interface TraceSettings {
  readonly tracer: Tracer;
  readonly content: ContentRecorder;
  readonly providerName: ProviderNameOption | undefined;
  /** Which tool call the current asynchronous flow belongs to (places sub-agents under their call). */
  readonly scope: ToolCallScope<ToolSpan>;
}
