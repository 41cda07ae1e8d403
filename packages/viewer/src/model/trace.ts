/*
 * The viewer's model: a run's events → the rows of its waterfall. A pure function with
 * no runtime imports (only types), so the same compiled file runs in Node (tests, the
 * `buildTrace` export) and in the browser (the page imports it as `trace.js`).
 */
import type { Message, SerializedError, StreamEvent, Usage, UsageTotals } from "@baton/core";

/** What a row stands for: an agent's run, one model call, or one tool call. */
export type TraceRowKind = "agent" | "model" | "tool";

/**
 * How a row stands: `running` (not ended yet), `ok`, `error`, `aborted`,
 * `interrupted` (waits for a person), or `unfinished` (the run ended, or the events
 * ran out, before the row's own ending arrived).
 */
export type TraceRowStatus = "running" | "ok" | "error" | "aborted" | "interrupted" | "unfinished";

/** Token counts and cost of a row (its own model call, or everything under it). */
export interface TraceTokens {
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  reasoningTokens: number;
  /** Sum of the known costs in US dollars; undefined when no cost was known. */
  costUsd?: number;
  /** Model calls counted. */
  calls: number;
}

/** What a click on a row shows: the event data of the row, as the run emitted it (its data policy applied). */
export interface TraceRowDetail {
  /** Agent rows: the model of the run. Model rows: the model called. */
  model?: string;
  /** Agent rows: why the run stopped. */
  stopReason?: string;
  /** Agent rows: the final text. */
  text?: string;
  /** Agent rows: the run-end's usage totals. */
  usage?: UsageTotals;
  /** Agent rows: what the run waits for (root runs that paused). */
  interruptions?: readonly unknown[];
  /** Model rows: the finish reason of the step. */
  finishReason?: string;
  /** Model rows: the usage record of the call. */
  callUsage?: Usage;
  /** Model rows: the messages the step added (the assistant turn, the tool results). */
  messages?: Message[];
  /** Tool rows: the call's arguments. */
  arguments?: unknown;
  /** Tool rows: the call's result. */
  result?: unknown;
  /** Agent and tool rows: the error. */
  error?: SerializedError;
  /** Tool rows: the tool status (`ok`, `error`, `timeout`, `refused`, …). */
  toolStatus?: string;
  /** Tool rows: what an interrupted call waits for. */
  interruption?: { kind: string; payload?: unknown };
  /** Tool rows: progress messages, in order (at most {@link MAX_PROGRESS_KEPT}). */
  progress?: string[];
  /** Errors the agent reported while it ran (`error` events). */
  errors?: SerializedError[];
}

/** One row of the waterfall. */
export interface TraceRow {
  /** `agent:<path>`, `model:<path>:<iteration>` or `tool:<toolCallId>`. */
  readonly id: string;
  readonly kind: TraceRowKind;
  /** The agent's path, the model id, or the tool's name. */
  name: string;
  /** The agent the row belongs to (for agent rows, the agent itself). */
  readonly agentPath: string;
  /** The row it is nested under: an agent's model and tool calls under the agent, a sub-agent under the tool call that started it. */
  parentId?: string;
  /** 0 for the root agent, one more per level of nesting. */
  depth: number;
  /** Milliseconds since the epoch. */
  start: number;
  /** Milliseconds since the epoch; undefined while running. */
  end?: number;
  /** `end - start` (tool rows: the tool's own `durationMs` when it reported one); undefined while running. */
  durationMs?: number;
  status: TraceRowStatus;
  /** Model rows: the step's iteration. Tool rows: the iteration of the model call that asked for it. */
  iteration?: number;
  /** Model rows: the call's own usage. Agent and tool rows: everything under them (sub-agents included). */
  tokens: TraceTokens;
  detail: TraceRowDetail;
  /** `seq` of the event that opened the row. */
  readonly seq: number;
}

/** A run's waterfall: its rows in display order (each row followed by the rows nested under it, in start order) and totals. */
export interface Trace {
  runId?: string;
  rows: TraceRow[];
  /** Earliest start, latest end (or the last event's time while running), in ms since the epoch. */
  start: number;
  end: number;
  durationMs: number;
  /** The root agent's status (`running` while it has not ended). */
  status: TraceRowStatus;
  totals: TraceTokens & { agents: number; toolCalls: number; errors: number; events: number };
}

/** Options of {@link buildTrace}. */
export interface BuildTraceOptions {
  /** Whether more events may still come (a live run): open rows stay `running` instead of `unfinished`. Default false. */
  live?: boolean;
}

/** Progress messages kept per tool row. */
export const MAX_PROGRESS_KEPT = 50;

interface Work {
  row: TraceRow;
  children: Work[];
  /** Sub-agents: the parent agent's calls that were running when the sub-agent started (its possible callers). */
  callers?: Work[];
  /** Agent rows: the agent's tool calls that run now. */
  openTools?: Set<Work>;
  /** Agent rows: the agent's open model call (its current step). */
  step?: Work;
  /** Tool rows: `seq` of the call's ending. */
  endSeq?: number;
  /** Agent rows: `seq` of the run-end. */
  agentEndSeq?: number;
  /** Model rows: whether the model call itself (not its tool batch) has ended. */
  callEnded?: boolean;
  ownUsage?: TraceTokens;
}

function zeroTokens(): TraceTokens {
  return { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, reasoningTokens: 0, calls: 0 };
}

function addTokens(into: TraceTokens, from: TraceTokens): void {
  into.inputTokens += from.inputTokens;
  into.outputTokens += from.outputTokens;
  into.cachedInputTokens += from.cachedInputTokens;
  into.reasoningTokens += from.reasoningTokens;
  into.calls += from.calls;
  if (from.costUsd !== undefined) into.costUsd = (into.costUsd ?? 0) + from.costUsd;
}

function tokensOf(usage: Usage): TraceTokens {
  const tokens: TraceTokens = {
    inputTokens: num(usage.inputTokens),
    outputTokens: num(usage.outputTokens),
    cachedInputTokens: num(usage.cachedInputTokens),
    reasoningTokens: num(usage.reasoningTokens),
    calls: 1,
  };
  if (typeof usage.costUsd === "number" && Number.isFinite(usage.costUsd)) tokens.costUsd = usage.costUsd;
  return tokens;
}

function num(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : 0;
}

function agentStatus(stopReason: string, error: unknown): TraceRowStatus {
  if (stopReason === "aborted") return "aborted";
  if (stopReason === "interrupted") return "interrupted";
  if (stopReason === "error" || error !== undefined) return "error";
  return "ok";
}

function toolStatus(status: string): TraceRowStatus {
  if (status === "aborted") return "aborted";
  return "error";
}

/**
 * Builds the waterfall of a run from its events, in one pass over them plus one over
 * the rows: an agent row per `run-start` … `run-end`, a model row per `step-start`
 * (ending when the model call ends: its assistant message, first `tool-call`, `usage`
 * or `step-end`), a tool row per call (`tool-call`/`tool-start` … `tool-done`,
 * `tool-error` or `tool-interrupted`). A sub-agent goes under the parent's tool call
 * that was running from its `run-start` to its `run-end` (when several were, the one
 * that ended first after it; when none can be told, under the parent agent).
 * Usage events give model rows their tokens and cost; agent and tool rows sum what is
 * nested under them. Unknown event types are ignored. Events must be in `seq` order
 * (a resumed run's events may follow its earlier ones: rows of the same agent path,
 * iteration or tool call id continue).
 *
 * @example
 * const trace = buildTrace(events);
 * trace.rows.map((row) => `${"  ".repeat(row.depth)}${row.kind} ${row.name}`);
 */
export function buildTrace(events: Iterable<StreamEvent>, options: BuildTraceOptions = {}): Trace {
  const agents = new Map<string, Work>();
  const models = new Map<string, Work>();
  const tools = new Map<string, Work>();
  const roots: Work[] = [];
  let runId: string | undefined;
  let first = Infinity;
  let last = -Infinity;
  let count = 0;
  let errors = 0;
  let rootEnded = false;

  const agentOf = (event: StreamEvent): Work => {
    let agent = agents.get(event.agentPath);
    if (!agent) {
      // Events of an agent whose run-start is missing (a log that starts later): an implicit agent row.
      agent = newAgent(event.agentPath, event.timestamp, event.seq, undefined);
      roots.push(agent);
    }
    return agent;
  };

  const newAgent = (path: string, start: number, seq: number, model: string | undefined): Work => {
    const work: Work = {
      row: {
        id: `agent:${path}`,
        kind: "agent",
        name: path,
        agentPath: path,
        depth: 0,
        start,
        status: "running",
        tokens: zeroTokens(),
        detail: model === undefined ? {} : { model },
        seq,
      },
      children: [],
      openTools: new Set(),
    };
    agents.set(path, work);
    return work;
  };

  const endModelCall = (step: Work | undefined, at: number): void => {
    if (!step || step.callEnded) return;
    step.callEnded = true;
    if (step.row.status === "running") step.row.status = "ok";
    step.row.end = at;
    step.row.durationMs = Math.max(0, at - step.row.start);
  };

  const toolWork = (agent: Work, event: StreamEvent, id: string, name: string): Work => {
    let tool = tools.get(id);
    if (!tool) {
      const iteration = agent.step?.row.iteration;
      tool = {
        row: {
          id: `tool:${id}`,
          kind: "tool",
          name,
          agentPath: event.agentPath,
          parentId: agent.row.id,
          depth: 0,
          start: event.timestamp,
          status: "running",
          tokens: zeroTokens(),
          detail: {},
          seq: event.seq,
          ...(iteration === undefined ? {} : { iteration }),
        },
        children: [],
      };
      tools.set(id, tool);
      agent.children.push(tool);
    }
    return tool;
  };

  const endTool = (agent: Work, tool: Work, event: StreamEvent, status: TraceRowStatus, durationMs: number | undefined): void => {
    agent.openTools?.delete(tool);
    tool.endSeq = event.seq;
    tool.row.status = status;
    tool.row.end = event.timestamp;
    tool.row.durationMs =
      typeof durationMs === "number" && Number.isFinite(durationMs) && durationMs >= 0 ? durationMs : Math.max(0, event.timestamp - tool.row.start);
  };

  for (const event of events) {
    if (event === null || typeof event !== "object" || typeof event.agentPath !== "string") continue;
    count++;
    runId ??= event.runId;
    const at = event.timestamp;
    if (at < first) first = at;
    if (at > last) last = at;
    switch (event.type) {
      case "run-start": {
        let agent = agents.get(event.agentPath);
        if (agent) {
          // A resumed run: the agent's row goes on.
          agent.row.status = "running";
          delete agent.row.end;
          delete agent.row.durationMs;
          delete agent.agentEndSeq;
        } else {
          agent = newAgent(event.agentPath, at, event.seq, event.model);
          const parent = event.parentAgentPath === undefined ? undefined : agents.get(event.parentAgentPath);
          if (parent) {
            agent.row.parentId = parent.row.id;
            agent.callers = [...(parent.openTools ?? [])];
            parent.children.push(agent);
          } else roots.push(agent);
        }
        break;
      }
      case "run-end": {
        const agent = agentOf(event);
        const open = agent.step;
        if (open && !open.callEnded) {
          // The model call itself was cut short.
          open.row.status =
            event.stopReason === "interrupted"
              ? "interrupted"
              : event.stopReason === "aborted"
                ? "aborted"
                : event.stopReason === "error"
                  ? "error"
                  : "unfinished";
          endModelCall(open, at);
        }
        agent.step = undefined;
        agent.agentEndSeq = event.seq;
        agent.row.status = agentStatus(event.stopReason, event.error);
        agent.row.end = at;
        agent.row.durationMs = Math.max(0, at - agent.row.start);
        const detail = agent.row.detail;
        detail.stopReason = event.stopReason;
        detail.text = event.text;
        detail.usage = event.usage;
        if (event.error) detail.error = event.error;
        if (event.interruptions) detail.interruptions = event.interruptions;
        if (event.stopReason === "error" || event.error) errors++;
        if (agent.row.parentId === undefined && roots[0] === agent) rootEnded = true;
        break;
      }
      case "step-start": {
        const agent = agentOf(event);
        const key = `${event.agentPath}:${event.iteration}`;
        let step = models.get(key);
        if (!step) {
          step = {
            row: {
              id: `model:${key}`,
              kind: "model",
              name: event.model,
              agentPath: event.agentPath,
              parentId: agent.row.id,
              depth: 0,
              start: at,
              status: "running",
              iteration: event.iteration,
              tokens: zeroTokens(),
              detail: { model: event.model },
              seq: event.seq,
            },
            children: [],
          };
          models.set(key, step);
          agent.children.push(step);
        } else {
          // The paused step goes on (a resumed run).
          step.row.status = "running";
          step.callEnded = false;
        }
        agent.step = step;
        break;
      }
      case "step-end": {
        const agent = agentOf(event);
        const step = models.get(`${event.agentPath}:${event.iteration}`) ?? agent.step;
        if (!step) break;
        endModelCall(step, at);
        step.row.detail.finishReason = event.finishReason;
        step.row.status = event.finishReason === "aborted" ? "aborted" : event.finishReason === "error" ? "error" : "ok";
        if (agent.step === step) agent.step = undefined;
        break;
      }
      case "message": {
        const agent = agentOf(event);
        const step = agent.step;
        if (!step) break;
        (step.row.detail.messages ??= []).push(event.message);
        if (event.message.role === "assistant") endModelCall(step, at);
        break;
      }
      case "usage": {
        const agent = agentOf(event);
        const usage = event.usage;
        const step = (typeof usage.iteration === "number" ? models.get(`${usage.agentPath ?? event.agentPath}:${usage.iteration}`) : undefined) ?? agent.step;
        const tokens = tokensOf(usage);
        if (step && !step.ownUsage) {
          step.ownUsage = tokens;
          step.row.detail.callUsage = usage;
          if (usage.model) step.row.name = usage.model;
          endModelCall(step, at);
        } else {
          // Usage a tool reported (or a call with no step seen): counted for the agent itself.
          addTokens((agent.ownUsage ??= zeroTokens()), tokens);
        }
        break;
      }
      case "tool-call": {
        const agent = agentOf(event);
        endModelCall(agent.step, at);
        const tool = toolWork(agent, event, event.toolCall.toolCallId, event.toolCall.toolName);
        tool.row.detail.arguments = event.toolCall.arguments;
        break;
      }
      case "tool-start": {
        const agent = agentOf(event);
        endModelCall(agent.step, at);
        const tool = toolWork(agent, event, event.toolCallId, event.toolName);
        tool.row.start = at; // the call runs from here (a resumed call starts again)
        tool.row.status = "running";
        delete tool.row.end;
        delete tool.row.durationMs;
        delete tool.endSeq;
        tool.row.detail.arguments = event.arguments;
        agent.openTools?.add(tool);
        break;
      }
      case "tool-progress": {
        const tool = tools.get(event.toolCallId);
        if (!tool) break;
        const progress = (tool.row.detail.progress ??= []);
        if (progress.length < MAX_PROGRESS_KEPT) progress.push(event.message);
        break;
      }
      case "tool-done": {
        const agent = agentOf(event);
        const tool = toolWork(agent, event, event.toolCallId, event.toolName);
        tool.row.detail.result = event.result;
        tool.row.detail.toolStatus = "ok";
        endTool(agent, tool, event, "ok", event.durationMs);
        break;
      }
      case "tool-error": {
        const agent = agentOf(event);
        const tool = toolWork(agent, event, event.toolCallId, event.toolName);
        tool.row.detail.error = event.error;
        tool.row.detail.toolStatus = event.status;
        endTool(agent, tool, event, toolStatus(event.status), event.durationMs);
        errors++;
        break;
      }
      case "tool-interrupted": {
        const agent = agentOf(event);
        const tool = toolWork(agent, event, event.toolCallId, event.toolName);
        tool.row.detail.interruption = { kind: event.kind, ...(event.payload === undefined ? {} : { payload: event.payload }) };
        endTool(agent, tool, event, "interrupted", undefined);
        break;
      }
      case "error": {
        const agent = agentOf(event);
        (agent.row.detail.errors ??= []).push(event.error);
        break;
      }
      default:
        break;
    }
  }

  // Sub-agents under the call that started them.
  for (const agent of agents.values()) {
    const callers = agent.callers;
    if (!callers || callers.length === 0) continue;
    let caller: Work | undefined;
    if (callers.length === 1) caller = callers[0];
    else {
      const endSeq = agent.agentEndSeq ?? Infinity;
      // Calls still running when the sub-agent ended; of those, the one that ended first.
      let best: Work | undefined;
      for (const candidate of callers) {
        const candidateEnd = candidate.endSeq ?? Infinity;
        if (candidateEnd < endSeq) continue;
        if (!best || candidateEnd < (best.endSeq ?? Infinity)) best = candidate;
      }
      caller = best;
    }
    if (!caller) continue;
    const parent = agents.get(agent.row.parentId?.slice("agent:".length) ?? "");
    if (parent) {
      const index = parent.children.indexOf(agent);
      if (index >= 0) parent.children.splice(index, 1);
    }
    agent.row.parentId = caller.row.id;
    insertByStart(caller.children, agent);
  }

  // Display order (depth first, each level in start order), depths and rolled-up tokens.
  const rows: TraceRow[] = [];
  const totals = zeroTokens();
  let toolCalls = 0;
  const end = rootEnded || !options.live ? last : Math.max(last, Date.now());
  const visit = (work: Work, depth: number): TraceTokens => {
    const row = work.row;
    row.depth = depth;
    rows.push(row);
    if (row.kind === "tool") toolCalls++;
    if (row.status === "running" && (rootEnded || !options.live)) {
      row.status = "unfinished";
      if (row.kind !== "model" || !work.callEnded) {
        row.end = last;
        row.durationMs = Math.max(0, last - row.start);
      }
    }
    const sum = zeroTokens();
    if (work.ownUsage) {
      addTokens(sum, work.ownUsage);
      addTokens(totals, work.ownUsage);
    }
    for (const child of work.children) addTokens(sum, visit(child, depth + 1));
    if (row.kind !== "model") row.tokens = sum;
    else if (work.ownUsage) row.tokens = { ...work.ownUsage };
    return sum;
  };
  for (const root of roots) visit(root, 0);

  const start = Number.isFinite(first) ? first : 0;
  const stop = Number.isFinite(end) ? end : start;
  const root = roots[0];
  return {
    ...(runId === undefined ? {} : { runId }),
    rows,
    start,
    end: stop,
    durationMs: Math.max(0, stop - start),
    status: root ? root.row.status : options.live ? "running" : "unfinished",
    totals: { ...totals, agents: agents.size, toolCalls, errors, events: count },
  };
}

function insertByStart(list: Work[], work: Work): void {
  let index = list.length;
  while (index > 0 && list[index - 1]!.row.seq > work.row.seq) index--;
  list.splice(index, 0, work);
}
