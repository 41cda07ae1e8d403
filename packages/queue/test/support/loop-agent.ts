import type { AgentConfig, EventSink, ModelProvider, Storage, Tool } from "@baton/core";
import { resume, run } from "@baton/loop";
import type { QueueAgent } from "../../src/index.js";

/** Settings of a test agent run through the loop. */
export interface LoopAgentSettings {
  readonly provider: ModelProvider;
  readonly tools?: readonly Tool[];
  readonly storage: Storage;
  readonly claimLeaseMs?: number;
  readonly storageWaitMs?: number;
  readonly agentName?: string;
  readonly config?: AgentConfig;
  /** Sinks every run gets besides the worker's (an OpenTelemetry sink, say). */
  readonly sinks?: readonly EventSink[];
}

/**
 * A {@link QueueAgent} made from the loop's `run` and `resume` (what `createAgent` of
 * the `@baton/sdk` package gives users, without depending on it).
 */
export function loopAgent(settings: LoopAgentSettings): QueueAgent {
  const fixed = {
    provider: settings.provider,
    model: "test-model",
    ...(settings.tools === undefined ? {} : { tools: settings.tools }),
    storage: settings.storage,
    ...(settings.claimLeaseMs === undefined ? {} : { claimLeaseMs: settings.claimLeaseMs }),
    ...(settings.storageWaitMs === undefined ? {} : { storageWaitMs: settings.storageWaitMs }),
    ...(settings.agentName === undefined ? {} : { agentName: settings.agentName }),
    ...(settings.config === undefined ? {} : { config: settings.config }),
  };
  const extra = settings.sinks ?? [];
  return {
    run: (input, options) => run({ ...fixed, input, ...options, sinks: [...options.sinks, ...extra] }),
    resume: (runId, options) => resume({ ...fixed, runId, ...options, sinks: [...options.sinks, ...extra] }),
  };
}
