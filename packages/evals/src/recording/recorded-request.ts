import type { ModelRequest } from "@baton/core";
import type { RecordedRequest } from "./recording.js";

/**
 * The part of a request a recording keeps and a replay compares: everything but the
 * abort signal and the retry listener. The messages are copied into a list of their
 * own (a run's model calls share one growing list); the messages themselves are not
 * copied, as a run never changes one once sent.
 */
export function recordedRequestOf(request: ModelRequest): RecordedRequest {
  const recorded: { -readonly [K in keyof RecordedRequest]: RecordedRequest[K] } = { model: request.model, messages: request.messages.slice() };
  if (request.tools !== undefined) recorded.tools = request.tools;
  if (request.toolChoice !== undefined) recorded.toolChoice = request.toolChoice;
  if (request.parallelToolCalls !== undefined) recorded.parallelToolCalls = request.parallelToolCalls;
  if (request.maxOutputTokens !== undefined) recorded.maxOutputTokens = request.maxOutputTokens;
  if (request.temperature !== undefined) recorded.temperature = request.temperature;
  return recorded;
}
