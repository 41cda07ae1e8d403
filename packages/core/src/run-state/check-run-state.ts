import type { RunState } from "../run/run-state.js";

/** Collects the problems of a value, each with the path of its field. */
class FieldChecker {
  readonly issues: string[] = [];

  private add(path: string, message: string): void {
    if (this.issues.length < 50) this.issues.push(`${path}: ${message}`);
  }

  object(value: unknown, path: string): Record<string, unknown> | undefined {
    if (value !== null && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
    this.add(path, `expected an object, got ${describe(value)}`);
    return undefined;
  }

  array(value: unknown, path: string): unknown[] | undefined {
    if (Array.isArray(value)) return value;
    this.add(path, `expected an array, got ${describe(value)}`);
    return undefined;
  }

  string(fields: Record<string, unknown>, key: string, path: string, optional = false): void {
    const value = fields[key];
    if (typeof value === "string" || (optional && value === undefined)) return;
    this.add(`${path}.${key}`, `expected a string, got ${describe(value)}`);
  }

  number(fields: Record<string, unknown>, key: string, path: string, optional = false): void {
    const value = fields[key];
    if ((typeof value === "number" && Number.isFinite(value)) || (optional && value === undefined)) return;
    this.add(`${path}.${key}`, `expected a number, got ${describe(value)}`);
  }

  boolean(fields: Record<string, unknown>, key: string, path: string): void {
    if (typeof fields[key] !== "boolean") this.add(`${path}.${key}`, `expected true or false, got ${describe(fields[key])}`);
  }

  oneOf(fields: Record<string, unknown>, key: string, allowed: readonly string[], path: string): void {
    const value = fields[key];
    if (typeof value === "string" && allowed.includes(value)) return;
    this.add(`${path}.${key}`, `expected one of ${allowed.map((a) => `"${a}"`).join(", ")}, got ${describe(value)}`);
  }

  messages(value: unknown, path: string): void {
    const messages = this.array(value, path);
    messages?.forEach((message, i) => {
      const at = `${path}[${i}]`;
      const fields = this.object(message, at);
      if (!fields) return;
      this.oneOf(fields, "role", ["system", "user", "assistant", "tool"], at);
      if (fields.role === "system") this.string(fields, "content", at);
      else
        this.array(fields.content, `${at}.content`)?.forEach((part, j) => {
          const partFields = this.object(part, `${at}.content[${j}]`);
          if (partFields) this.string(partFields, "type", `${at}.content[${j}]`);
        });
    });
  }

  agent(value: unknown, path: string, depth: number): void {
    const agent = this.object(value, path);
    if (!agent) return;
    for (const key of ["runId", "agentPath", "agentName", "model", "lastText", "sentText"]) this.string(agent, key, path);
    this.oneOf(agent, "status", ["running", "interrupted", "finished"], path);
    this.oneOf(agent, "step", ["prepare", "model", "tools", "end"], path);
    for (const key of ["iteration", "toolCallCount", "toolCallLimit", "maxIterations", "subAgentToolCalls"]) this.number(agent, key, path);
    this.boolean(agent, "hasToolCalls", path);
    this.boolean(agent, "finalAnswerRequested", path);
    for (const key of ["messages", "inLoopMessages", "added"]) this.messages(agent[key], `${path}.${key}`);
    for (const key of ["turnIterations", "usage", "toolCalls", "lastIterationErroredTools", "toolsNotEnabled", "lastToolCalls", "progress"])
      this.array(agent[key], `${path}.${key}`);
    this.object(agent.toolMetadata, `${path}.toolMetadata`);
    this.object(agent.custom, `${path}.custom`);
    this.object(agent.subRunNumbers, `${path}.subRunNumbers`);
    if (agent.batch !== undefined) this.batch(agent.batch, `${path}.batch`, depth);
  }

  private batch(value: unknown, path: string, depth: number): void {
    const batch = this.object(value, path);
    if (!batch) return;
    this.number(batch, "iteration", path);
    this.object(batch.usage, `${path}.usage`);
    this.boolean(batch, "usageRecorded", path);
    this.boolean(batch, "decided", path);
    this.array(batch.calls, `${path}.calls`)?.forEach((entry, i) => {
      const at = `${path}.calls[${i}]`;
      const call = this.object(entry, at);
      if (!call) return;
      const part = this.object(call.call, `${at}.call`);
      if (part) {
        this.string(part, "toolCallId", `${at}.call`);
        this.string(part, "toolName", `${at}.call`);
      }
      this.oneOf(call, "status", ["pending", "awaiting", "interrupted", "done"], at);
      if (call.status === "done") this.object(call.outcome, `${at}.outcome`);
      if (call.subRuns !== undefined) {
        if (depth > 32) this.add(`${at}.subRuns`, "nested deeper than 32 runs");
        else {
          this.array(call.subRuns, `${at}.subRuns`)?.forEach((sub, j) => {
            this.agent(sub, `${at}.subRuns[${j}]`, depth + 1);
          });
        }
      }
    });
  }
}

function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  return typeof value === "object" ? "an object" : String(value);
}

/**
 * The problems of a current-version run state, each as `path: message`; empty when
 * it has the shape of a {@link RunState}. Checks the structure the loop relies on,
 * down to every nested run, not the content of messages or tool results.
 */
export function runStateIssues(value: unknown): string[] {
  const checker = new FieldChecker();
  const state = checker.object(value, "(root)");
  if (!state) return checker.issues;
  checker.string(state, "runId", "state");
  checker.string(state, "agentPath", "state");
  checker.oneOf(state, "status", ["running", "interrupted", "finished"], "state");
  checker.number(state, "savedAt", "state");
  checker.string(state, "stopReason", "state", true);
  checker.string(state, "userId", "state", true);
  if (state.conversation !== undefined) {
    const conversation = checker.object(state.conversation, "conversation");
    if (conversation) {
      checker.string(conversation, "id", "conversation");
      checker.number(conversation, "throughSeq", "conversation");
    }
  }
  checker.agent(state.root, "root", 0);
  return checker.issues.map((issue) => issue.replace(/^state\./, ""));
}

/** Narrows a value whose {@link runStateIssues} are empty. */
export function isRunState(value: unknown): value is RunState {
  return runStateIssues(value).length === 0;
}
