import { AgentView } from "./agent-view.js";
import { h } from "./dom.js";
import { describeStopReason, formatCost, formatCount, formatDuration, parentPathOf } from "./format.js";

/**
 * One run on the page: the user's message, the agent tree as it streams, a status
 * line and, when the root agent ends, its usage. `apply(event)` takes the events
 * in order. The run element counts them in `data-event-count`, keeps
 * `data-last-seq`, and counts seqs that arrived twice in `data-duplicates` (a
 * reconnection must leave it at 0).
 */
export class RunView {
  /** @param {string} message */
  constructor(message) {
    /** @type {Map<string, AgentView>} */
    this.agents = new Map();
    this.lastSeq = 0;
    this.eventCount = 0;
    this.duplicates = 0;
    this.rootEnded = false;
    this.startedAt = performance.now();
    this.tree = h("div", { class: "agent-tree" });
    this.status = h("div", { class: "run-status", testid: "run-status", data: { state: "starting" }, text: "Starting…" });
    this.usage = h("div", { class: "usage", testid: "usage", hidden: true });
    this.element = h(
      "article",
      { class: "run", testid: "run", data: { eventCount: "0", lastSeq: "0", duplicates: "0" } },
      h("div", { class: "bubble user", testid: "user-message", text: message }),
      this.tree,
      this.status,
      this.usage,
    );
  }

  /** The server gave the run its id. @param {string} runId */
  started(runId) {
    this.element.dataset.runId = runId;
    this.setStatus("running", "Running…");
    // The run's waterfall in the run viewer (@baton/viewer), live while the run goes on.
    this.element.append(
      h("a", {
        class: "trace-link",
        testid: "view-trace",
        href: `/viewer/runs/${encodeURIComponent(runId)}`,
        target: "_blank",
        rel: "noopener",
        text: "view trace",
      }),
    );
  }

  /** Renders one event. @param {import("@baton/core").StreamEvent} event */
  apply(event) {
    if (event.seq <= this.lastSeq) {
      this.duplicates++;
      this.element.dataset.duplicates = String(this.duplicates);
      return;
    }
    this.lastSeq = event.seq;
    this.eventCount++;
    this.element.dataset.lastSeq = String(event.seq);
    this.element.dataset.eventCount = String(this.eventCount);
    const agent = event.type === "run-start" ? this.startAgent(event) : this.agents.get(event.agentPath);
    if (!agent) return;
    switch (event.type) {
      case "text-delta":
        return agent.appendText(event.contentIndex, event.text);
      case "reasoning-delta":
        return agent.appendReasoning(event.contentIndex, event.text);
      case "tool-call":
        agent.card(event.contentIndex, event.toolCall);
        return;
      case "tool-start":
        return agent.card(event.contentIndex, event).started();
      case "tool-progress":
        return agent.card(event.contentIndex, event).progressed(event);
      case "tool-done":
        return agent.card(event.contentIndex, event).done(event.result, event.durationMs);
      case "tool-error":
        return agent.card(event.contentIndex, event).failed(event.error, event.status, event.durationMs);
      case "error":
        return agent.error(event.error);
      case "run-end":
        agent.ended(event.stopReason);
        if (!event.agentPath.includes("/")) this.ended(event);
        return;
      default:
        return;
    }
  }

  /** The user asked to stop; the run-end (aborted) follows. */
  stopping() {
    if (this.status.dataset.state === "running") this.setStatus("stopping", "Stopping…");
  }

  /** The stream failed for good (not a run failure: those end with run-end). @param {Error} error */
  failed(error) {
    this.setStatus("error", `Connection failed: ${error.message}`);
  }

  /** Whether the root agent's run-end has arrived. */
  get finished() {
    return this.rootEnded;
  }

  /** @private @param {import("@baton/core").RunStartEvent} event */
  startAgent(event) {
    // A second run-start of a path: in queue mode the worker running it died and another
    // resumed it from its last checkpoint. The earlier attempt's sections stay, marked.
    if (this.agents.has(event.agentPath)) {
      for (const [path, earlier] of this.agents) {
        const inTree = path === event.agentPath || path.startsWith(`${event.agentPath}/`);
        if (inTree && earlier.element.dataset.state === "working") earlier.ended("taken_over");
      }
    }
    const view = new AgentView(event.agentPath, event.model);
    this.agents.set(event.agentPath, view);
    const parent = this.agents.get(event.parentAgentPath ?? parentPathOf(event.agentPath) ?? "");
    if (parent) parent.addChild(view, event.contentIndex);
    else this.tree.append(view.element);
    return view;
  }

  /** @private @param {import("@baton/core").RunEndEvent} event */
  ended(event) {
    this.rootEnded = true;
    const state =
      event.stopReason === "completed" ? "completed" : event.stopReason === "aborted" ? "aborted" : event.stopReason === "error" ? "error" : "stopped";
    const detail = event.stopReason === "error" && event.error ? `: ${event.error.message}` : "";
    this.setStatus(state, `${describeStopReason(event.stopReason)}${detail}`);
    const usage = event.usage;
    const parts = [
      `${formatCount(usage.inputTokens)} tokens in`,
      `${formatCount(usage.outputTokens)} out`,
      usage.costUsd === undefined ? undefined : `${formatCost(usage.costUsd)} (illustrative price)`,
      `${usage.calls} model calls`,
      `${event.toolCallCount} tool calls`,
      formatDuration(performance.now() - this.startedAt),
    ];
    this.usage.replaceChildren(
      h("span", { class: "usage-label", text: "Usage" }),
      h("span", {
        testid: "usage-tokens",
        data: { input: String(usage.inputTokens), output: String(usage.outputTokens) },
        text: parts.filter(Boolean).join(" · "),
      }),
    );
    if (usage.costUsd !== undefined) this.usage.dataset.costUsd = String(usage.costUsd);
    this.usage.hidden = false;
  }

  /** @private @param {string} state @param {string} text */
  setStatus(state, text) {
    this.status.dataset.state = state;
    this.status.textContent = text;
  }
}
