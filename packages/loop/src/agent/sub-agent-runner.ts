import { MaxDepthExceededError, type OrchestratorState, type RunResult, type SubAgentRequest, type Usage } from "@baton/core";
import { AbortHub } from "../abort/abort-hub.js";
import { DEFAULT_TOOL_CALL_LIMIT, resolveAgentConfig } from "../config/agent-defaults.js";
import { toRegistry } from "../tools/tool-list-registry.js";
import { initialMessages } from "./initial-messages.js";
import { runAgent, type AgentRun } from "./run-agent.js";

/** Starts nested runs for the tools of one agent run. */
export interface SubAgentRunner {
  run(request: SubAgentRequest, signal: AbortSignal): Promise<RunResult>;
}

/**
 * Nested runs share the parent's run id and event scope (so sequence numbers stay
 * strictly increasing, and their content blocks come after the parent's current one), get the path `<parent>/<name>#<n>`, and merge into the parent:
 * usage as it happens (so an aborted parent still reports it), tool-call count and
 * tool metadata when they end.
 */
export function createSubAgentRunner(parent: AgentRun, state: OrchestratorState, usage: Usage[]): SubAgentRunner {
  const counters = new Map<string, number>();
  return {
    run: async (request, signal) => {
      const depth = parent.agentPath.split("/").length - 1;
      if (depth + 1 > parent.settings.maxDepth) throw new MaxDepthExceededError(parent.agentPath, parent.settings.maxDepth);
      const n = (counters.get(request.name) ?? 0) + 1;
      counters.set(request.name, n);
      const registry = toRegistry(request.tools);
      const { messages } = initialMessages(request.instructions, registry, request.input);
      const agentPath = `${parent.agentPath}/${request.name}#${n}`;
      const result = await runAgent({
        runId: parent.runId,
        agentPath,
        parentAgentPath: parent.agentPath,
        provider: request.provider ?? parent.provider,
        model: request.model ?? parent.model,
        messages,
        registry,
        config: resolveAgentConfig(request.config),
        settings: {
          ...parent.settings,
          toolCallLimit: request.toolCallLimit ?? request.config?.toolCallLimit ?? DEFAULT_TOOL_CALL_LIMIT,
          maxIterations: request.maxIterations ?? parent.settings.maxIterations,
        },
        events: parent.events.child(agentPath),
        abort: new AbortHub(signal),
        reportUsage: (record) => {
          usage.push(record);
          parent.reportUsage?.(record);
        },
      });
      state.subAgentToolCalls += result.toolCallCount;
      Object.assign(state.toolMetadata, result.toolMetadata);
      return result;
    },
  };
}
