import { abortableDelay, RunAbortedError, type ModelStreamPart, type UsagePart } from "@baton/core";
import type { CompiledTurn } from "./compiled-turn.js";

const DONE: IteratorReturnResult<undefined> = Object.freeze({ done: true, value: undefined });

const abortError = (reason: unknown): RunAbortedError => new RunAbortedError(reason);

/**
 * The stream of one scripted model call. A hand-written async iterator rather than an
 * async generator: without delays each `next()` settles in a microtask and starts no
 * timer, which keeps the scripted model cheap in benchmarks.
 */
export class ScriptedStream implements AsyncIterableIterator<ModelStreamPart> {
  private position = 0;
  private done = false;
  /** Number of positions the turn goes through: its parts, or up to and including its error. */
  private readonly end: number;

  constructor(
    private readonly turn: CompiledTurn,
    /** The turn's content parts for this call (default tool-call ids filled in). */
    private readonly content: readonly ModelStreamPart[],
    /** The usage part of this call; undefined when the turn fails before it. */
    private readonly usage: UsagePart | undefined,
    private readonly signal: AbortSignal | undefined,
  ) {
    this.end = turn.errorAt >= 0 ? turn.errorAt + 1 : content.length + 2;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<ModelStreamPart>> {
    if (this.done) return Promise.resolve(DONE);
    const signal = this.signal;
    if (signal?.aborted) return this.fail(new RunAbortedError(signal.reason));
    if (this.position >= this.end) {
      this.done = true;
      return Promise.resolve(DONE);
    }
    const wait = this.position === 0 ? this.turn.delayMs : this.turn.chunkDelayMs;
    if (wait > 0) {
      return abortableDelay(wait, signal, abortError).then(
        () => this.step(),
        (error: unknown) => this.fail(error),
      );
    }
    try {
      return Promise.resolve(this.step());
    } catch (error) {
      return this.fail(error);
    }
  }

  /** Stops the stream early (a `break` out of `for await`). */
  return(): Promise<IteratorResult<ModelStreamPart>> {
    this.done = true;
    return Promise.resolve(DONE);
  }

  /** Produces the part at the current position, or throws the turn's error. */
  private step(): IteratorResult<ModelStreamPart> {
    if (this.done) return DONE;
    const position = this.position++;
    if (position === this.turn.errorAt) {
      this.done = true;
      throw this.turn.makeError();
    }
    const content = this.content;
    if (position < content.length) return { done: false, value: content[position] as ModelStreamPart };
    if (position === content.length && this.usage !== undefined) return { done: false, value: this.usage };
    this.done = true;
    return { done: false, value: this.turn.finishPart };
  }

  private fail(error: unknown): Promise<never> {
    this.done = true;
    return Promise.reject(error);
  }
}
