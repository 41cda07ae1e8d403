// The model every event benchmark drives: it streams N one-word text deltas at once
// (no delays, no usage computation), so what is measured is the event path.

/**
 * A model provider that streams `count` text deltas, then finishes. When `stamps` is
 * given, it records `performance.now()` as each delta is handed over (for latency).
 */
export function instantTextModel(count, stamps) {
  const usage = { inputTokens: 10, outputTokens: count, cachedInputTokens: 0, reasoningTokens: 0 };
  return {
    id: "instant-text",
    async *stream() {
      for (let i = 0; i < count; i++) {
        if (stamps) stamps[i] = performance.now();
        yield { type: "text-delta", text: "w " };
      }
      yield { type: "finish", reason: "stop", usage };
    },
  };
}

/**
 * A model provider that streams `count` text deltas paced one per millisecond timer (so the
 * consumer keeps up), recording when each was handed over.
 */
export function pacedTextModel(count, stamps) {
  return {
    id: "paced-text",
    async *stream() {
      for (let i = 0; i < count; i++) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        stamps[i] = performance.now();
        yield { type: "text-delta", text: "w " };
      }
      yield { type: "finish", reason: "stop" };
    },
  };
}

/** Events of a run besides its text deltas (run-start, step-start, message, usage, step-end, run-end). */
export const FRAME_EVENTS = 6;
