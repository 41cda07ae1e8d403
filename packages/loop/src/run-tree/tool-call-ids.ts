import type { AgentState } from "@baton/core";

/**
 * The tool-call ids used in one run tree. A model may repeat an id within a turn, and
 * agents of one tree may get the same ids from their models: the loop gives each call
 * an id unique in the tree (`<id>~2`, `<id>~3`, …) and keeps the provider's id in
 * `providerToolCallId`, so results never pair with the wrong call.
 */
export class ToolCallIds {
  /** Made with the first call (a run whose model calls no tool has none). */
  private usedIds: Set<string> | undefined;

  private get used(): Set<string> {
    return (this.usedIds ??= new Set());
  }

  /** An id for a call the provider named `id`: `id` itself while it is free. */
  claim(id: string): string {
    const used = this.used;
    if (!used.has(id)) {
      used.add(id);
      return id;
    }
    for (let n = 2; ; n++) {
      const candidate = `${id}~${n}`;
      if (!used.has(candidate)) {
        used.add(candidate);
        return candidate;
      }
    }
  }

  /** Marks the ids of a restored agent's calls (and of its nested runs') as used. */
  restore(state: AgentState): void {
    for (const message of state.added) {
      if (message.role === "assistant") for (const part of message.content) if (part.type === "tool-call") this.used.add(part.toolCallId);
    }
    for (const entry of state.batch?.calls ?? []) {
      this.used.add(entry.call.toolCallId);
      for (const sub of entry.subRuns ?? []) this.restore(sub);
    }
  }
}
