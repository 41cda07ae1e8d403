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
  /** Questions passed to `askUser()`, in order. */
  readonly questions: unknown[];
}

/**
 * Builds a tool execution context for calling `tool.execute(args, ctx)` directly in a
 * unit test. It records progress, steps, usage, emitted events and questions;
 * `runSubAgent` rejects unless given; `askUser` answers from `answers` in order and
 * rejects once they run out; `agentState` starts empty and `messages()` returns none;
 * `idempotencyKey` is `<runId>:<toolCallId>`, as in a run.
 *
 * @example
 * const ctx = testToolContext({ toolName: "search" });
 * await searchTool.execute({ query: "x" }, ctx);
 * expect(ctx.progressMessages).toEqual(["Searching…"]);
 */
export function testToolContext(overrides: Partial<ToolExecutionContext> = {}, answers: readonly unknown[] = []): TestToolContext {
  const questions: unknown[] = [];
  const progressMessages: string[] = [];
  const steps: ProgressStepUpdate[] = [];
  const usage: Usage[] = [];
  const events: AgentEvent[] = [];
  const runId = overrides.runId ?? "run_1";
  const toolCallId = overrides.toolCallId ?? "call_1";
  return {
    toolCallId,
    toolName: "tool",
    runId,
    idempotencyKey: `${runId}:${toolCallId}`,
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
    askUser: <T>(question: unknown): Promise<T> => {
      questions.push(question);
      const index = questions.length - 1;
      return index < answers.length
        ? Promise.resolve(answers[index] as T)
        : Promise.reject(new Error(`testToolContext() has no answer for question ${index + 1}.`));
    },
    messages: () => [],
    agentState: {},
    ...overrides,
    questions,
    progressMessages,
    steps,
    usage,
    events,
  };
}
