import type { Message } from "@baton/core";

/** Rewritten messages (compacted, compressed, archived) and the message each came from. */
const origins = new WeakMap<Message, Message>();

/** Records that `copy` is a rewritten form of `original`; returns `copy`. */
export function derive<T extends Message>(original: Message, copy: T): T {
  if (copy !== original) origins.set(copy, origins.get(original) ?? original);
  return copy;
}

/** The message a rewritten message came from (itself when it was not rewritten). */
export function originOf(message: Message): Message {
  return origins.get(message) ?? message;
}
