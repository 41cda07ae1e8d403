import { h } from "./dom.js";
import { formatDuration, preview, prettyJson } from "./format.js";

/**
 * One tool call as a card: name and arguments, its progress (named groups of
 * steps from `ProgressGroup`, and plain `ctx.progress` messages), then its result
 * or error. `data-status` is `running`, `done` or `error`.
 */
export class ToolCard {
  /**
   * @param {{ toolCallId: string, toolName: string, arguments: unknown, agentPath: string }} call
   */
  constructor(call) {
    this.status = h("span", { class: "tool-status", testid: "tool-status", text: "queued" });
    this.duration = h("span", { class: "tool-duration" });
    this.progress = h("div", { class: "tool-progress" });
    /** @type {Map<string, { list: HTMLElement, steps: Map<string, HTMLElement> }>} */
    this.groups = new Map();
    this.messages = undefined;
    this.element = h(
      "div",
      { class: "tool-card", testid: "tool-card", data: { toolName: call.toolName, toolCallId: call.toolCallId, agentPath: call.agentPath, status: "running" } },
      h(
        "div",
        { class: "tool-head" },
        h("span", { class: "tool-dot", "aria-hidden": "true" }),
        h("span", { class: "tool-name", testid: "tool-name", text: call.toolName }),
        h("code", { class: "tool-args", title: prettyJson(call.arguments), text: preview(call.arguments, 80) }),
        this.status,
        this.duration,
      ),
      this.progress,
    );
  }

  /** The tool started running. */
  started() {
    this.status.textContent = "running";
  }

  /**
   * A `tool-progress` event: a step update of a named group, or a plain message.
   * @param {{ message: string, step?: import("@baton/core").ProgressStepUpdate }} event
   */
  progressed(event) {
    if (event.step) this.applyStep(event.step);
    else
      this.messageList().append(
        h("li", { class: "step", testid: "progress-step", data: { status: "done" } }, h("span", { class: "step-title", text: event.message })),
      );
  }

  /** @param {unknown} result @param {number} durationMs */
  done(result, durationMs) {
    this.finish("done", "done", durationMs);
    this.element.append(
      h(
        "details",
        { class: "tool-result", testid: "tool-result" },
        h("summary", {}, h("span", { class: "label", text: "Result " }), h("code", { text: preview(result, 90) })),
        h("pre", { text: prettyJson(result) }),
      ),
    );
  }

  /** @param {{ message: string }} error @param {string} status @param {number} durationMs */
  failed(error, status, durationMs) {
    this.finish("error", status, durationMs);
    this.element.append(h("div", { class: "tool-error", testid: "tool-error", text: `${status}: ${error.message}` }));
  }

  /** @private @param {string} state @param {string} label @param {number} durationMs */
  finish(state, label, durationMs) {
    this.element.dataset.status = state;
    this.status.textContent = label;
    this.duration.textContent = formatDuration(durationMs);
  }

  /** @private @param {import("@baton/core").ProgressStepUpdate} update */
  applyStep(update) {
    let group = this.groups.get(update.group);
    if (!group) {
      const list = h("ol", { class: "steps" });
      this.progress.append(
        h(
          "div",
          { class: "progress-group", testid: "progress-group", data: { group: update.group } },
          h("div", { class: "group-name", text: update.group }),
          list,
        ),
      );
      group = { list, steps: new Map() };
      this.groups.set(update.group, group);
    }
    let step = group.steps.get(update.stepId);
    if (!step) {
      step = h(
        "li",
        { class: "step", testid: "progress-step", data: { stepId: update.stepId } },
        h("span", { class: "step-title" }),
        h("ul", { class: "step-items" }),
      );
      group.steps.set(update.stepId, step);
      group.list.append(step);
    }
    step.dataset.status = update.status;
    step.querySelector(".step-title").textContent = update.title;
    const items = step.querySelector(".step-items");
    for (const item of update.items ?? []) items.append(renderItem(item));
  }

  /** @private */
  messageList() {
    if (!this.messages) {
      this.messages = h("ol", { class: "steps messages" });
      this.progress.append(this.messages);
    }
    return this.messages;
  }
}

/** @param {import("@baton/core").ProgressItem} item */
function renderItem(item) {
  if (item.kind === "text") return h("li", { text: item.text });
  if (item.kind === "link") return h("li", {}, h("a", { href: item.url, target: "_blank", rel: "noopener noreferrer", text: item.title ?? item.url }));
  return h("li", {}, h("code", { text: preview(item.data, 100) }));
}
