import type { Context } from "@opentelemetry/api";
import type { RunStartEvent, StreamEvent, ToolErrorEvent, ToolInterruptedEvent } from "@baton/core";
import { AgentTrace } from "./agent-trace.js";
import { ToolSpan } from "./tool-span.js";
import type { TraceSettings } from "./trace-settings.js";

/**
 * One run tree as traced: an {@link AgentTrace} per agent and a {@link ToolSpan} per
 * tool call, fed the run's events in order. The root agent's span is a child of the
 * context the run started in; a sub-agent's span is a child of the span of the tool
 * call that started it.
 */
export class RunTrace {
  private readonly agents = new Map<string, AgentTrace>();
  /** Tool calls by id (ids are unique in a run tree). */
  private readonly tools = new Map<string, ToolSpan>();

  private constructor(
    readonly runId: string,
    readonly root: AgentTrace,
    private readonly base: Context,
    private readonly settings: TraceSettings,
  ) {
    this.agents.set(root.agentPath, root);
  }

  /** Starts tracing a run at its root agent's `run-start`, under `parent`. */
  static start(settings: TraceSettings, parent: Context, event: RunStartEvent): RunTrace {
    return new RunTrace(event.runId, AgentTrace.start(settings, parent, event), parent, settings);
  }

  /** Whether the run's spans record (false when no SDK is registered, or the trace is not sampled). */
  get recording(): boolean {
    return this.root.recording;
  }

  /** Takes the run's next event. Returns true once the root agent ended (the run's trace is complete). */
  handle(event: StreamEvent): boolean {
    const agent = this.agents.get(event.agentPath);
    agent?.settleFailedChat(event);
    switch (event.type) {
      case "run-start":
        if (!agent) this.startSubAgent(event);
        return false;
      case "step-start":
        agent?.stepStarted(event);
        return false;
      case "message":
        if (event.message.role === "assistant") agent?.modelTurn(event.message, event.timestamp);
        return false;
      case "usage":
        agent?.usage(event);
        return false;
      case "step-end":
        agent?.stepEnded(event);
        return false;
      case "tool-start":
        this.startTool(agent, event);
        return false;
      case "tool-progress":
        this.tools.get(event.toolCallId)?.progress(event);
        return false;
      case "tool-done":
        this.tools.get(event.toolCallId)?.finish(event);
        this.forgetTool(agent, event.toolCallId);
        return false;
      case "tool-error":
      case "tool-interrupted":
        this.endTool(agent, event);
        return false;
      case "error":
        agent?.error(event);
        return false;
      case "context-overflow":
        agent?.contextOverflow(event);
        return false;
      case "context-trimmed":
        agent?.contextTrimmed(event);
        return false;
      case "run-end":
        if (!agent) return false;
        agent.ended(event);
        this.agents.delete(event.agentPath);
        if (agent !== this.root) return false;
        this.abandonAll(event.timestamp, event.stopReason === "aborted");
        return true;
      default:
        return false;
    }
  }

  /**
   * A sub-agent's span goes under the span of the tool call that started it: the call
   * the event's asynchronous flow belongs to, when that is a running call of the
   * parent agent; else the parent's only running call; else (several calls run and
   * the flow says nothing) the parent agent's span.
   */
  private startSubAgent(event: RunStartEvent): void {
    const parentAgent = event.parentAgentPath === undefined ? undefined : this.agents.get(event.parentAgentPath);
    const marked = this.settings.scope.current();
    let call = marked?.open && marked.agentPath === event.parentAgentPath && this.tools.get(marked.toolCallId) === marked ? marked : undefined;
    if (!call && parentAgent?.openTools.size === 1) call = parentAgent.openTools.values().next().value;
    const parent = call?.context ?? parentAgent?.context ?? this.base;
    this.agents.set(event.agentPath, AgentTrace.start(this.settings, parent, event));
  }

  private startTool(agent: AgentTrace | undefined, event: Extract<StreamEvent, { type: "tool-start" }>): void {
    if (!agent) return;
    this.tools.get(event.toolCallId)?.abandon(event.timestamp, false);
    const tool = ToolSpan.start(this.settings, agent.context, event);
    this.tools.set(event.toolCallId, tool);
    agent.openTools.add(tool);
    this.settings.scope.enter(tool);
  }

  /** A call's failure or pause; a call that never started gets a span of its own moment. */
  private endTool(agent: AgentTrace | undefined, event: ToolErrorEvent | ToolInterruptedEvent): void {
    let tool = this.tools.get(event.toolCallId);
    if (!tool?.open) {
      if (!agent) return;
      tool = ToolSpan.start(this.settings, agent.context, event);
    }
    tool.finish(event);
    this.forgetTool(agent, event.toolCallId);
  }

  private forgetTool(agent: AgentTrace | undefined, toolCallId: string): void {
    const tool = this.tools.get(toolCallId);
    if (!tool) return;
    this.tools.delete(toolCallId);
    agent?.openTools.delete(tool);
  }

  /** The root ended: ends every agent whose own `run-end` never came. */
  private abandonAll(timestamp: number, aborted: boolean): void {
    for (const agent of this.agents.values()) agent.abandon(timestamp, aborted);
    this.agents.clear();
    this.tools.clear();
  }
}
