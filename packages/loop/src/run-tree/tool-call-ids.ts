import type { AgentState } from "@baton/core";

/**
 * The tool-call ids used in one run tree. A model may repeat an id within a turn, and
 * agents of one tree may get the same ids from their models: the loop gives each call
 * an id unique in the tree (`<id>~2`, `<id>~3`, …) and keeps the provider's id in
 * `providerToolCallId`, so results never pair with the wrong call.
 */
export class ToolCallIds {
  private readonly used = new Set<string>();

  /** An id for a call the provider named `id`: `id` itself while it is free. */
  claim(id: string): string {
    if (!this.used.has(id)) {
      this.used.add(id);
      return id;
    }
    for (let n = 2; ; n++) {
      const candidate = `${id}~${n}`;
      if (!this.used.has(candidate)) {
        this.used.add(candidate);
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
