import { ConfigurationError, RunAbortedError, type RunResult, type StreamEvent } from "@baton/core";
import { EventQueue } from "@baton/core/event-queue";
import type { ResumeOptions, RunOptions, RunStream } from "./run-options.js";
import { sinksOf, startRun } from "./start-run.js";
import type { resumeOptionRules, runOptionRules } from "./run-option-rules.js";

/**
 * Runs an agent to the end and returns its result. Never rejects for what happens
 * during the run (provider errors, aborts, bad model output): the result says why it
 * stopped and carries the usage so far. Rejects only for invalid options
 * (`ConfigurationError`, also for a key that is not one of `RunOptions`: see
 * {@link runOptionRules}; a `RunStateError` for a `resume` state that cannot be read,
 * an `InvalidDecisionsError` for decisions that do not match what it waits for).
 *
 * A run that waits for a person ends `interrupted`: `result.interruptions` lists what
 * waits (at any depth of the run tree), and `run({ ...sameAgent, resume: result.state,
 * decisions })` continues it, in this process or another.
 *
 * @example
 * import { run } from "@baton/loop";
 * import { scriptedModel } from "@baton/testing";
 * const result = await run({ provider: scriptedModel(["Hello!"]), model: "test", input: "Hi" });
 * console.log(result.text); // "Hello!"
 */
export async function run(options: RunOptions): Promise<RunResult> {
  return startRun(options, sinksOf(options), options?.signal, "new", "run");
}

/**
 * Runs an agent and yields its events in order as they happen. `result` resolves
 * when the run ends; leaving the `for await` early (or `abort()`) aborts the run.
 * A consumer that reads slowly slows the run down instead of piling events up: once
 * `streamHighWaterMark` events wait, the loop stops pulling the model's stream.
 * Invalid options (an unknown key included) end the stream at once: `result`
 * rejects with the `ConfigurationError`.
 *
 * @example
 * const running = stream({ provider, model: "gpt-4.1", input: "Hi", tools });
 * for await (const event of running) if (event.type === "text-delta") process.stdout.write(event.text);
 * const result = await running.result;
 */
export function stream(options: RunOptions): RunStream {
  return streamRun(options, "new", "stream");
}

/**
 * Resumes a stored run: one whose process died or lost its connection, or one that
 * paused for a person (give `decisions`). Claims it — exactly one resumer wins, and
 * only once the previous owner's lease has lapsed (a paused run gave its up) —
 * restores its last state (nested runs included), runs only the tool calls of the
 * open batch that had not finished, and goes on to the end. Give it the same agent
 * as the original run. A finished, unknown or still-held run ends with stop reason
 * `error` and a `RUN_NOT_RESUMABLE` error; decisions that do not match what the run
 * waits for reject with `INVALID_DECISIONS` (the run stays paused). Options outside
 * `ResumeOptions` (such as `input`) reject with a `ConfigurationError`: see
 * {@link resumeOptionRules}.
 *
 * @example
 * const result = await resume({ provider, model: "gpt-4.1", tools, storage, runId: "run-42" });
 * const approved = await resume({ provider, model, tools, storage, runId: "run-43", decisions: { call_1: { approve: true } } });
 */
export async function resume(options: ResumeOptions): Promise<RunResult> {
  return startRun(options as RunOptions, sinksOf(options as RunOptions), options?.signal, "resume", "resume");
}

/** {@link resume} as an event stream, like {@link stream}. */
export function resumeStream(options: ResumeOptions): RunStream {
  return streamRun(options as RunOptions, "resume", "resumeStream");
}

function streamRun(options: RunOptions, mode: "new" | "resume", fn: string): RunStream {
  const controller = new AbortController();
  const outer = options?.signal;
  const forward = () => controller.abort(outer?.reason);
  if (outer?.aborted) controller.abort(outer.reason);
  else outer?.addEventListener("abort", forward, { once: true });
  const channel = new EventQueue<StreamEvent>({
    ...(typeof options?.streamHighWaterMark !== "number" ? {} : { highWaterMark: options.streamHighWaterMark }),
    onConsumerExit: () => controller.abort(new RunAbortedError("The stream consumer stopped reading.")),
  });
  let iterated = false;
  let result: Promise<RunResult>;
  try {
    result = startRun(options, [channel, ...sinksOf(options)], controller.signal, mode, fn);
  } catch (error) {
    result = Promise.reject(error);
  }
  result = result.finally(() => {
    outer?.removeEventListener("abort", forward);
    channel.close();
  });
  return {
    [Symbol.asyncIterator]: () => {
      if (iterated) throw new ConfigurationError("A run stream can be iterated only once; add a sink (`sinks` or `onEvent`) for a second consumer.");
      iterated = true;
      return channel[Symbol.asyncIterator]();
    },
    result,
    abort: (reason?: unknown) => controller.abort(reason ?? new RunAbortedError()),
  };
}
