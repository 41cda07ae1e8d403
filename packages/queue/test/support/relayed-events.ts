import type { RunEventLog, StreamEvent } from "@baton/core";

/** A text delta of `agentPath` in content block `contentIndex`, numbered `seq` by the attempt that emits it. */
export function textDelta(runId: string, seq: number, agentPath = "main", contentIndex = 0): StreamEvent {
  return { type: "text-delta", runId, agentPath, seq, contentIndex, timestamp: 1, text: `t${seq}` };
}

/** The root run-end of an attempt, numbered `seq` by it. */
export function runEnd(runId: string, seq: number): StreamEvent {
  return {
    type: "run-end",
    runId,
    agentPath: "main",
    seq,
    contentIndex: 0,
    timestamp: 1,
    stopReason: "completed",
    text: "",
    iterations: 1,
    toolCallCount: 0,
    usage: {},
  } as unknown as StreamEvent;
}

/** A run's relayed events after `after`, to the end of its stream (given up after 25 s, so a stream that never ends fails the test). */
export async function readRelayed(log: RunEventLog, runId: string, after = 0): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 25_000);
  try {
    for await (const batch of log.read(runId, after, controller.signal)) events.push(...batch);
  } finally {
    clearTimeout(timer);
  }
  return events;
}
