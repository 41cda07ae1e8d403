import type { Message } from "@baton/core";
import type { Recording } from "./recording.js";

/**
 * A recording as JSON text, each model call's messages written as the number of
 * messages it kept from the previous call's request (`messagesKept`) and the ones it
 * added (`messagesAdded`): a run's requests grow by a few messages a turn, so this keeps
 * a long run's recording linear in its length rather than quadratic. A message counts
 * as kept when it is the same object as in the previous request, as it is in what a
 * recorder or `readRecording` gives. `readRecording` reads it back.
 */
export function writeRecording(recording: Recording, space?: number | string): string {
  let previous: readonly Message[] = [];
  const modelCalls = recording.modelCalls.map((call) => {
    const { model, messages, ...settings } = call.request;
    let kept = 0;
    while (kept < messages.length && kept < previous.length && messages[kept] === previous[kept]) kept++;
    previous = messages;
    return { ...call, request: { model, messagesKept: kept, messagesAdded: messages.slice(kept), ...settings } };
  });
  return JSON.stringify({ ...recording, modelCalls }, null, space);
}
