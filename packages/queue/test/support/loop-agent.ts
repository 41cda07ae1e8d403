import type { AgentConfig, ModelProvider, Storage, Tool } from "@baton/core";
import { resume, run } from "@baton/loop";
import type { QueueAgent } from "../../src/index.js";

/** Settings of a test agent run through the loop. */
export interface LoopAgentSettings {
  readonly provider: ModelProvider;
  readonly tools?: readonly Tool[];
  readonly storage: Storage;
  readonly claimLeaseMs?: number;
  readonly agentName?: string;
  readonly config?: AgentConfig;
}

/**
 * A {@link QueueAgent} made from the loop's `run` and `resume` (what `createAgent` of
 * the `baton` package gives users, without depending on it).
 */
export function loopAgent(settings: LoopAgentSettings): QueueAgent {
  const fixed = {
    provider: settings.provider,
    model: "test-model",
    ...(settings.tools === undefined ? {} : { tools: settings.tools }),
    storage: settings.storage,
    ...(settings.claimLeaseMs === undefined ? {} : { claimLeaseMs: settings.claimLeaseMs }),
    ...(settings.agentName === undefined ? {} : { agentName: settings.agentName }),
    ...(settings.config === undefined ? {} : { config: settings.config }),
  };
  return {
    run: (input, options) => run({ ...fixed, input, ...options }),
    resume: (runId, options) => resume({ ...fixed, runId, ...options }),
  };
}
