import type { RunEventLog, RunEventLogHead, StreamEvent } from "@baton/core";
import { ReplayUnavailableError } from "../../src/index.js";

/** One `read` call made on a {@link MemoryRunEventLog}. */
export interface ReadCall {
  readonly runId: string;
  readonly after: number;
  readonly signal: AbortSignal;
}

interface MemoryRun {
  /** Kept events (trimmed ones removed from the front). */
  events: StreamEvent[];
  lastSeq: number;
  firstSeq: number;
  ended: boolean;
  failure: { readonly error: unknown } | undefined;
  readonly changed: Set<() => void>;
}

/**
 * An in-memory {@link RunEventLog}, as a worker process would write it: `append`
 * events (numbered by the log), `end` the stream, `trim` old events, make reads
 * `fail`. Records every `read` call.
 */
export class MemoryRunEventLog implements RunEventLog {
  readonly reads: ReadCall[] = [];
  headCalls = 0;
  private readonly runs = new Map<string, MemoryRun>();

  /** Creates the run's log (empty) when it does not exist. */
  create(runId: string): void {
    if (!this.runs.has(runId)) this.runs.set(runId, { events: [], lastSeq: 0, firstSeq: 1, ended: false, failure: undefined, changed: new Set() });
  }

  /** Appends `count` text-delta events (`text` 1…); returns their seqs. */
  append(runId: string, count = 1): number[] {
    this.create(runId);
    const run = this.runs.get(runId) as MemoryRun;
    const added: number[] = [];
    for (let i = 0; i < count; i++) {
      const seq = ++run.lastSeq;
      run.events.push(textEvent(runId, seq));
      added.push(seq);
    }
    run.ended = false;
    if (run.firstSeq > run.lastSeq) run.firstSeq = (run.events[0] as StreamEvent).seq;
    this.notify(run);
    return added;
  }

  /** Ends the run's stream with a `run-end` event. */
  end(runId: string): number {
    this.create(runId);
    const run = this.runs.get(runId) as MemoryRun;
    const seq = ++run.lastSeq;
    run.events.push(endEvent(runId, seq));
    if (run.firstSeq > run.lastSeq) run.firstSeq = seq;
    run.ended = true;
    this.notify(run);
    return seq;
  }

  /** Drops the events with `seq <= upTo`. */
  trim(runId: string, upTo: number): void {
    const run = this.runs.get(runId) as MemoryRun;
    run.events = run.events.filter((event) => event.seq > upTo);
    run.firstSeq = Math.max(run.firstSeq, Math.min(upTo + 1, run.lastSeq + 1));
  }

  /** Makes the run's reads (current and later) throw `error`. */
  fail(runId: string, error: unknown): void {
    const run = this.runs.get(runId) as MemoryRun;
    run.failure = { error };
    this.notify(run);
  }

  /** Lets the run's later reads succeed again (Redis is back). */
  recover(runId: string): void {
    const run = this.runs.get(runId) as MemoryRun;
    run.failure = undefined;
  }

  async head(runId: string): Promise<RunEventLogHead | undefined> {
    this.headCalls++;
    await Promise.resolve();
    const run = this.runs.get(runId);
    return run === undefined ? undefined : { lastSeq: run.lastSeq, firstSeq: run.firstSeq, ended: run.ended };
  }

  async *read(runId: string, after: number, signal: AbortSignal): AsyncIterable<readonly StreamEvent[]> {
    this.reads.push({ runId, after, signal });
    const run = this.runs.get(runId);
    if (run === undefined) return;
    let position = after;
    if (position < run.firstSeq - 1) throw new ReplayUnavailableError(position, run.events[0]?.seq ?? null, run.firstSeq - 1);
    while (!signal.aborted) {
      if (run.failure !== undefined) throw run.failure.error;
      if (position < run.firstSeq - 1) throw new ReplayUnavailableError(position, run.events[0]?.seq ?? null, run.firstSeq - 1);
      const batch = run.events.filter((event) => event.seq > position);
      if (batch.length > 0) {
        position = (batch[batch.length - 1] as StreamEvent).seq;
        yield batch;
        continue;
      }
      if (run.ended) return;
      await new Promise<void>((resolve) => {
        const wake = (): void => {
          run.changed.delete(wake);
          signal.removeEventListener("abort", wake);
          resolve();
        };
        run.changed.add(wake);
        signal.addEventListener("abort", wake, { once: true });
      });
    }
  }

  private notify(run: MemoryRun): void {
    for (const wake of [...run.changed]) wake();
  }
}

/** A `text-delta` event of the log. */
export function textEvent(runId: string, seq: number): StreamEvent {
  return { type: "text-delta", runId, agentPath: "main", seq, contentIndex: 0, timestamp: 1_700_000_000_000 + seq, text: `t${seq} ` };
}

/** The `run-end` event that ends a run's stream. */
export function endEvent(runId: string, seq: number): StreamEvent {
  return {
    type: "run-end",
    runId,
    agentPath: "main",
    seq,
    contentIndex: 0,
    timestamp: 1_700_000_000_000 + seq,
    stopReason: "completed",
    text: "done",
    iterations: 1,
    toolCallCount: 0,
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
  } as unknown as StreamEvent;
}

/**
 * A view of `log` whose reads deliver nothing while `paused` (a node whose feed lags
 * the log); `head` is the log's own.
 */
export class LaggingLog implements RunEventLog {
  paused = false;
  private readonly waiting = new Set<() => void>();

  constructor(private readonly log: RunEventLog) {}

  head(runId: string): Promise<RunEventLogHead | undefined> {
    return this.log.head(runId);
  }

  async *read(runId: string, after: number, signal: AbortSignal): AsyncIterable<readonly StreamEvent[]> {
    for await (const batch of this.log.read(runId, after, signal)) {
      while (this.paused && !signal.aborted) await new Promise<void>((resolve) => this.waiting.add(resolve));
      yield batch;
    }
  }

  /** Lets the reads go on. */
  resume(): void {
    this.paused = false;
    for (const wake of [...this.waiting]) wake();
    this.waiting.clear();
  }
}
