import { h, insertByContentIndex } from "./dom.js";
import { agentLabel, depthOf } from "./format.js";
import { ToolCard } from "./tool-card.js";

/**
 * One agent of the run tree as a section: a header with its name and path, then
 * its content blocks in `contentIndex` order (text, reasoning, tool batches) and
 * its sub-agents' sections, placed where they started. Nested sections sit inside
 * the parent's, so they are indented under it.
 */
export class AgentView {
  /** @param {string} agentPath @param {string} model */
  constructor(agentPath, model) {
    this.agentPath = agentPath;
    this.state = h("span", { class: "agent-state", testid: "agent-state", text: "working" });
    this.blocks = h("div", { class: "blocks" });
    /** @type {Map<number, HTMLElement>} */
    this.blockByIndex = new Map();
    /** @type {Map<string, ToolCard>} */
    this.cards = new Map();
    this.element = h(
      "section",
      { class: "agent", testid: "agent", data: { agentPath, depth: String(depthOf(agentPath)), state: "working" } },
      h(
        "header",
        { class: "agent-head" },
        h("span", { class: "agent-avatar", "aria-hidden": "true", text: agentLabel(agentPath).slice(0, 1).toUpperCase() }),
        h("span", { class: "agent-name", testid: "agent-name", text: agentLabel(agentPath) }),
        h("span", { class: "agent-path", text: `${agentPath} · ${model}` }),
        this.state,
      ),
      this.blocks,
    );
  }

  /** Places a sub-agent's section among the blocks. @param {AgentView} child @param {number} contentIndex */
  addChild(child, contentIndex) {
    child.element.dataset.contentIndex = String(contentIndex);
    insertByContentIndex(this.blocks, child.element);
  }

  /** Appends streamed answer text to its block. @param {number} contentIndex @param {string} text */
  appendText(contentIndex, text) {
    this.block(contentIndex, "text").append(text);
  }

  /** Appends streamed reasoning to its block. @param {number} contentIndex @param {string} text */
  appendReasoning(contentIndex, text) {
    this.block(contentIndex, "reasoning").querySelector(".reasoning-text").append(text);
  }

  /**
   * The card of a tool call, created in the tool batch block on first sight.
   * @param {number} contentIndex
   * @param {{ toolCallId: string, toolName: string, arguments?: unknown }} call
   * @returns {ToolCard}
   */
  card(contentIndex, call) {
    let card = this.cards.get(call.toolCallId);
    if (!card) {
      card = new ToolCard({ toolCallId: call.toolCallId, toolName: call.toolName, arguments: call.arguments ?? {}, agentPath: this.agentPath });
      this.cards.set(call.toolCallId, card);
      this.block(contentIndex, "tools").append(card.element);
    }
    return card;
  }

  /** The agent ended. @param {string} stopReason */
  ended(stopReason) {
    this.element.dataset.state = stopReason;
    this.state.textContent = stopReason === "completed" ? "done" : stopReason.replaceAll("_", " ");
  }

  /** An error the agent reported. @param {{ message: string }} error */
  error(error) {
    this.blocks.append(
      h("div", { class: "block agent-error", testid: "agent-error", data: { contentIndex: String(Number.MAX_SAFE_INTEGER) }, text: error.message }),
    );
  }

  /**
   * The block at `contentIndex`, created with the given kind on first use.
   * @private @param {number} contentIndex @param {"text" | "reasoning" | "tools"} kind
   */
  block(contentIndex, kind) {
    let block = this.blockByIndex.get(contentIndex);
    if (!block) {
      block = createBlock(kind, contentIndex, this.agentPath);
      this.blockByIndex.set(contentIndex, block);
      insertByContentIndex(this.blocks, block);
    }
    return block;
  }
}

/** @param {"text" | "reasoning" | "tools"} kind @param {number} contentIndex @param {string} agentPath */
function createBlock(kind, contentIndex, agentPath) {
  const data = { contentIndex: String(contentIndex), agentPath };
  if (kind === "text") return h("div", { class: "block text", testid: "text-block", data });
  if (kind === "reasoning") {
    return h(
      "details",
      { class: "block reasoning", testid: "reasoning-block", data, open: true },
      h("summary", { text: "Thinking" }),
      h("div", { class: "reasoning-text" }),
    );
  }
  return h("div", { class: "block tools", testid: "tool-batch", data });
}
