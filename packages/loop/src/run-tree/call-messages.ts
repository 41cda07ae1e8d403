import type { Message } from "@baton/core";

/**
 * The messages of an agent's model calls, `state.messages` then `state.inLoopMessages`,
 * as one list kept from call to call: each call's new messages are appended to it
 * instead of the whole history being copied for every call (which made a long run's
 * cost grow with the square of its length). The list is rebuilt when the history
 * changed otherwise: either array replaced (a context engine trimmed it, a hook set
 * it), `state.messages` grown or shrunk, or the in-loop messages already listed
 * changed at their end (a dropped or rewritten turn).
 */
export class CallMessages {
  private list: Message[] = [];
  private base: readonly Message[] | undefined;
  private baseLength = 0;
  private inLoop: readonly Message[] | undefined;
  /** How many in-loop messages the list holds, and the last of them. */
  private listed = 0;
  private last: Message | undefined;

  /** The list for `messages` then `inLoop`, the same array as last time when they only grew. */
  of(messages: readonly Message[], inLoop: readonly Message[]): readonly Message[] {
    const listed = this.listed;
    if (
      messages !== this.base ||
      messages.length !== this.baseLength ||
      inLoop !== this.inLoop ||
      inLoop.length < listed ||
      (listed > 0 && inLoop[listed - 1] !== this.last)
    ) {
      this.list = messages.concat(inLoop);
      this.base = messages;
      this.baseLength = messages.length;
      this.inLoop = inLoop;
    } else {
      for (let i = listed; i < inLoop.length; i++) this.list.push(inLoop[i]!);
    }
    this.listed = inLoop.length;
    this.last = inLoop[inLoop.length - 1];
    return this.list;
  }
}
