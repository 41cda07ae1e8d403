import type { Message, ModelRequest } from "@baton/core";

/**
 * A copy of a request whose messages cannot change afterwards: the messages array,
 * each message, its content array and each content part are copied (values inside
 * parts, such as tool arguments, are shared). Cheaper than `structuredClone` by an
 * order of magnitude, which matters in benchmarks.
 */
export function snapshotRequest(request: ModelRequest): ModelRequest {
  return { ...request, messages: request.messages.map(copyMessage) };
}

function copyMessage(message: Message): Message {
  if (typeof message.content === "string") return { ...message };
  return { ...message, content: message.content.map((part) => ({ ...part })) } as Message;
}
