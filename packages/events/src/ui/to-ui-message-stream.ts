import { checkOptions, type StreamEvent } from "@baton/core";
import type { ToUiMessageStreamOptions } from "./to-ui-message-stream-options.js";
import type { UiMessageChunk } from "./ui-message-chunk.js";
import { UiMessageChunkIterator } from "./ui-message-chunk-iterator.js";
import { UI_MESSAGE_STREAM_RULES } from "../options/option-rules.js";

/**
 * A run's events as Vercel AI SDK UI message stream chunks, for `useChat` and
 * `readUIMessageStream`: the root agent becomes one assistant message (steps, text,
 * reasoning, tool parts), nested agents `data-baton-agent` parts, progress
 * `data-baton-*` parts. The stream starts with `start` and ends after the root
 * agent's `run-end` (with `finish`, or `abort` when the run was aborted). If the
 * events fail, an `error` chunk is sent and the stream ends normally. Leaving early
 * stops reading the events at once (for `stream()` of `@baton/loop`, that aborts the run).
 *
 * @example
 * const events = stream({ provider, model, input, tools });
 * for await (const chunk of toUiMessageStream(events)) send(chunk);
 */
export function toUiMessageStream(events: AsyncIterable<StreamEvent>, options: ToUiMessageStreamOptions = {}): AsyncIterableIterator<UiMessageChunk> {
  checkOptions("toUiMessageStream", options, UI_MESSAGE_STREAM_RULES);
  return new UiMessageChunkIterator(events, options);
}
