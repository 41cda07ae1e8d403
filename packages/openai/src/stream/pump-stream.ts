import { ProviderStreamError, RunAbortedError, type ModelStreamPart } from "@baton/core";
import { toOpenAIError } from "../errors/to-openai-error.js";
import { IdleWatch } from "@baton/core/provider-kit";

/** Maps the items of one SDK stream to Baton stream parts. */
export interface StreamMapper<T> {
  /** Appends the parts of one item to `out`; returns true when the response has ended. */
  accept(item: T, out: ModelStreamPart[]): boolean | void;
  /** Whether the response reached its end (a stream that closes before is an error). */
  readonly finished: boolean;
  /** Appends the parts due once the stream has closed (usage, finish), if any. */
  close?(out: ModelStreamPart[]): void;
}

/** An opened SDK stream and its request id. */
export interface OpenedStream<T> {
  /** The SDK's stream; its `controller` (when it has one) cancels the HTTP request. */
  readonly data: AsyncIterable<T> & { readonly controller?: AbortController };
  readonly request_id?: string | null;
}

/**
 * One attempt of a streamed call: opens the SDK stream, maps each item to parts as it
 * arrives, and turns every failure into a Baton error (the request id kept). An abort
 * ends in `RunAbortedError`, a stream that closes before the response ended in a
 * `ProviderStreamError`. Leaving early closes the SDK stream, which cancels the request.
 * With `idleTimeoutMs` above 0, a stream that sends nothing for that long is cancelled
 * and ends in a retryable `ProviderStreamError` (`providerCode` `stream_idle_timeout`).
 */
export async function* pumpStream<T>(
  open: () => Promise<OpenedStream<T>>,
  mapper: (requestId: string | undefined) => StreamMapper<T>,
  provider: string,
  signal: AbortSignal | undefined,
  idleTimeoutMs = 0,
): AsyncGenerator<ModelStreamPart, void, undefined> {
  let opened: OpenedStream<T>;
  try {
    opened = await open();
  } catch (error) {
    throw toOpenAIError(error, { provider, ...(signal ? { signal } : {}) });
  }
  const requestId = opened.request_id ?? undefined;
  const map = mapper(requestId);
  const out: ModelStreamPart[] = [];
  const idle = idleTimeoutMs > 0 ? new IdleWatch(idleTimeoutMs, () => opened.data.controller?.abort()) : undefined;
  const stalled = (): ProviderStreamError =>
    new ProviderStreamError(`The stream stalled: nothing arrived for ${idleTimeoutMs} ms (streamIdleTimeoutMs).`, {
      provider,
      providerCode: "stream_idle_timeout",
      ...(requestId ? { requestId } : {}),
    });
  try {
    for await (const item of opened.data) {
      if (idle) {
        if (idle.fired) throw stalled();
        idle.arrived();
      }
      const ended = map.accept(item, out);
      for (let i = 0; i < out.length; i++) yield out[i]!;
      out.length = 0;
      if (ended) break;
      idle?.waiting();
    }
  } catch (error) {
    if (idle?.fired && !signal?.aborted) throw stalled();
    throw toOpenAIError(error, { provider, ...(signal ? { signal } : {}), ...(requestId ? { requestId } : {}) });
  } finally {
    idle?.stop();
  }
  if (idle?.fired && !signal?.aborted) throw stalled();
  // The SDK ends its stream quietly when the request is aborted.
  if (signal?.aborted) throw new RunAbortedError(signal.reason);
  if (!map.finished) {
    throw new ProviderStreamError("The stream ended before the response was complete.", { provider, ...(requestId ? { requestId } : {}) });
  }
  if (map.close) {
    map.close(out);
    for (let i = 0; i < out.length; i++) yield out[i]!;
  }
}
