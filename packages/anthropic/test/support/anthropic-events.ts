/**
 * Builders of Messages API stream events (the JSON `data:` lines the provider server
 * replays), for scripted answers in tests.
 */

/** `message_start` with its input usage. */
export function messageStart(id: string, usage: { input?: number; cacheRead?: number; cacheWrite?: number } = {}): string {
  return JSON.stringify({
    type: "message_start",
    message: {
      id,
      type: "message",
      role: "assistant",
      model: "claude-sonnet-4-5-20250929",
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: {
        input_tokens: usage.input ?? 10,
        cache_creation_input_tokens: usage.cacheWrite ?? 0,
        cache_read_input_tokens: usage.cacheRead ?? 0,
        output_tokens: 1,
      },
    },
  });
}

/** A whole text block: start, one delta per piece, stop. */
export function textBlock(index: number, pieces: readonly string[]): string[] {
  return [
    JSON.stringify({ type: "content_block_start", index, content_block: { type: "text", text: "" } }),
    ...pieces.map((text) => JSON.stringify({ type: "content_block_delta", index, delta: { type: "text_delta", text } })),
    JSON.stringify({ type: "content_block_stop", index }),
  ];
}

/** A whole thinking block with its signature delta at the end. */
export function thinkingBlock(index: number, pieces: readonly string[], signature: string): string[] {
  return [
    JSON.stringify({ type: "content_block_start", index, content_block: { type: "thinking", thinking: "", signature: "" } }),
    ...pieces.map((thinking) => JSON.stringify({ type: "content_block_delta", index, delta: { type: "thinking_delta", thinking } })),
    JSON.stringify({ type: "content_block_delta", index, delta: { type: "signature_delta", signature } }),
    JSON.stringify({ type: "content_block_stop", index }),
  ];
}

/** A redacted thinking block. */
export function redactedThinkingBlock(index: number, data: string): string[] {
  return [
    JSON.stringify({ type: "content_block_start", index, content_block: { type: "redacted_thinking", data } }),
    JSON.stringify({ type: "content_block_stop", index }),
  ];
}

/** A whole tool_use block: start (id, name), one `input_json_delta` per piece, stop. */
export function toolUseBlock(index: number, id: string, name: string, jsonPieces: readonly string[]): string[] {
  return [
    JSON.stringify({ type: "content_block_start", index, content_block: { type: "tool_use", id, name, input: {} } }),
    ...jsonPieces.map((partial_json) => JSON.stringify({ type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json } })),
    JSON.stringify({ type: "content_block_stop", index }),
  ];
}

/** `message_delta` with the stop reason and cumulative output tokens. */
export function messageDelta(stopReason: string, outputTokens: number, thinkingTokens?: number): string {
  return JSON.stringify({
    type: "message_delta",
    delta: { stop_reason: stopReason, stop_sequence: null },
    usage: { output_tokens: outputTokens, ...(thinkingTokens === undefined ? {} : { output_tokens_details: { thinking_tokens: thinkingTokens } }) },
  });
}

/** `message_stop`. */
export const MESSAGE_STOP = JSON.stringify({ type: "message_stop" });

/** An `error` event, as the API sends one mid-stream. */
export function errorEvent(type: string, message: string): string {
  return JSON.stringify({ type: "error", error: { type, message } });
}

/** A whole text answer. */
export function textAnswer(id: string, pieces: readonly string[], usage: { input: number; output: number }): string[] {
  return [messageStart(id, { input: usage.input }), ...textBlock(0, pieces), messageDelta("end_turn", usage.output), MESSAGE_STOP];
}

/** An Anthropic error body. */
export function errorBody(type: string, message: string, requestId?: string): unknown {
  return { type: "error", error: { type, message }, ...(requestId ? { request_id: requestId } : {}) };
}
