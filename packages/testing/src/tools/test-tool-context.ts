import type { AgentEvent, ProgressStepUpdate, ToolExecutionContext, Usage } from "@baton/core";

/** A {@link ToolExecutionContext} for unit-testing a tool, with what the tool reported. */
export interface TestToolContext extends ToolExecutionContext {
  /** Messages passed to `progress()`, in order. */
  readonly progressMessages: string[];
  /** Updates passed to `reportStep()`, in order. */
  readonly steps: ProgressStepUpdate[];
  /** Usage passed to `addUsage()`, in order. */
  readonly usage: Usage[];
  /** Events passed to `emit()` (plans, handoffs, loop detections), in order. */
  readonly events: AgentEvent[];
}

/**
 * Builds a tool execution context for calling `tool.execute(args, ctx)` directly in a
 * unit test. It records progress, steps, usage and emitted events; `runSubAgent`
 * rejects unless given.
 *
 * @example
 * const ctx = testToolContext({ toolName: "search" });
 * await searchTool.execute({ query: "x" }, ctx);
 * expect(ctx.progressMessages).toEqual(["Searching…"]);
 */
export function testToolContext(overrides: Partial<ToolExecutionContext> = {}): TestToolContext {
  const progressMessages: string[] = [];
  const steps: ProgressStepUpdate[] = [];
  const usage: Usage[] = [];
  const events: AgentEvent[] = [];
  return {
    toolCallId: "call_1",
    toolName: "tool",
    runId: "run_1",
    agentPath: "main",
    signal: new AbortController().signal,
    context: {},
    metadata: {},
    progress: (message) => {
      progressMessages.push(message);
    },
    reportStep: (step) => {
      steps.push(step);
    },
    addUsage: (record) => {
      usage.push(record);
    },
    emit: (event) => {
      events.push(event);
    },
    runSubAgent: () => Promise.reject(new Error("runSubAgent was not given to testToolContext().")),
    ...overrides,
    progressMessages,
    steps,
    usage,
    events,
  };
}
