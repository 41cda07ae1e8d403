import type { ModelRequest } from "@baton/core";
import type { RecordedRequest } from "./recording.js";

/**
 * The part of a request a recording keeps and a replay compares: everything but the
 * abort signal and the retry listener (a field `ModelRequest` gains is kept too). The
 * messages are copied into a list of their own (a run's model calls share one growing
 * list); the messages themselves are not copied, as a run never changes one once sent.
 */
export function recordedRequestOf(request: ModelRequest): RecordedRequest {
  const { signal: _signal, onRetry: _onRetry, model, messages, ...settings } = request;
  return { model, messages: messages.slice(), ...settings };
}
