import type { StreamEvent, UnstampedEvent } from "@baton/core";
import type { EventScope } from "./event-scope.js";

/** The kinds of content block an agent writes; a change of kind opens a new block. */
type BlockKind = "text" | "reasoning" | "tools";

const BLOCK_OF: Partial<Record<UnstampedEvent["type"], BlockKind>> = {
  "text-delta": "text",
  "reasoning-delta": "reasoning",
  "tool-call": "tools",
};

/**
 * One agent's view of its run tree's {@link EventScope}: stamps the agent path and
 * keeps the agent's content cursor. Text, reasoning and tool calls each open a block
 * when the previous block was of another kind; the tool events of a batch stay in the
 * block of its calls; other events carry the current block.
 */
export class AgentEvents {
  private kind: BlockKind | undefined;

  constructor(
    readonly scope: EventScope,
    readonly agentPath: string,
    /** The current content block. */
    private index: number,
  ) {}

  /** Whether anyone listens. */
  get active(): boolean {
    return this.scope.active;
  }

  /** The current content block of this agent. */
  get contentIndex(): number {
    return this.index;
  }

  /** Emits an event of this agent; see {@link EventScope.deliver}. */
  emit(event: UnstampedEvent, force = false): StreamEvent | undefined {
    const kind = BLOCK_OF[event.type];
    if (kind !== undefined && kind !== this.kind && (this.scope.active || force)) {
      this.kind = kind;
      this.index = this.scope.openBlock();
    }
    return this.scope.deliver(this.agentPath, this.index, event, force);
  }

  /** Ends the current block: the next text, reasoning or tool call opens a new one. */
  endBlock(): void {
    this.kind = undefined;
  }

  /** The emitter of a sub-agent: it starts at this agent's current block. */
  child(agentPath: string): AgentEvents {
    return new AgentEvents(this.scope, agentPath, this.index);
  }
}
