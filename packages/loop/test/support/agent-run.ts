import {
  composeConfigs,
  createAgentState,
  userMessage,
  type AgentConfig,
  type AgentState,
  type Message,
  type ModelProvider,
  type StreamEvent,
  type Tool,
} from "@baton/core";
import { scriptedModel } from "@baton/testing";
import { AbortHub } from "../../src/abort/abort-hub.js";
import { EventScope } from "../../src/events/event-scope.js";
import { AgentRun } from "../../src/run-tree/agent-run.js";
import { RunTree } from "../../src/run-tree/run-tree.js";
import type { RunSettings } from "../../src/run-tree/run-settings.js";
import { ToolListRegistry } from "../../src/tools/tool-list-registry.js";

/** What a step test sets up: an agent's run outside `run()`, with the events it emits. */
export interface StepHarness {
  readonly run: AgentRun;
  readonly state: AgentState;
  readonly events: StreamEvent[];
  /** The events' types, in order. */
  types(): string[];
}

/** Builds one agent's run as the driver would, so a single step can be called on it. */
export function agentRun(
  options: {
    readonly provider?: ModelProvider;
    readonly tools?: readonly Tool[];
    readonly config?: AgentConfig;
    readonly messages?: Message[];
    readonly settings?: Partial<RunSettings>;
    readonly signal?: AbortSignal;
    readonly state?: (state: AgentState) => void;
    readonly resumed?: boolean;
  } = {},
): StepHarness {
  const events: StreamEvent[] = [];
  const scope = new EventScope("run-1", [{ emit: (event) => void events.push(event) }]);
  const tree = new RunTree("run-1", scope, undefined, undefined, undefined);
  const settings: RunSettings = {
    toolCallLimit: 25,
    maxIterations: 50,
    maxOutputTokens: undefined,
    temperature: undefined,
    toolTimeoutMs: undefined,
    maxConcurrentTools: undefined,
    maxToolErrorLength: 2000,
    budget: undefined,
    tokenCounter: undefined,
    contextEngine: undefined,
    contextLimit: () => 128_000,
    context: {},
    maxDepth: 5,
    ...options.settings,
  };
  const state = createAgentState({
    runId: "run-1",
    agentPath: "main",
    model: "m",
    messages: options.messages ?? [{ role: "system", content: "Be brief." }, userMessage("Hi")],
    toolCallLimit: settings.toolCallLimit,
    maxIterations: settings.maxIterations,
  });
  options.state?.(state);
  tree.root = state;
  const run = new AgentRun({
    tree,
    state,
    provider: options.provider ?? scriptedModel(["ok"]),
    model: "m",
    registry: new ToolListRegistry([...(options.tools ?? [])]),
    config: composeConfigs(options.config),
    settings,
    events: scope.root("main"),
    abort: new AbortHub(options.signal),
    resumed: options.resumed ?? false,
  });
  return { run, state, events, types: () => events.map((event) => event.type) };
}
