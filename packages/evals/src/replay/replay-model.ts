import type { Message, ModelProvider, ModelRequest, ModelStreamPart } from "@baton/core";
import { ReplayDivergenceError, ReplayExhaustedError } from "../errors/replay-errors.js";
import { errorFromRecorded } from "../recording/recorded-error.js";
import { recordedRequestOf } from "../recording/recorded-request.js";
import type { RecordedRequest, Recording } from "../recording/recording.js";
import { describeDifference, firstDifference, type ValueDifference } from "./request-difference.js";

/** A model call whose request differs from the recorded one. */
export interface RequestDivergence extends ValueDifference {
  /** The model call (from 0). */
  readonly callIndex: number;
  /** The difference as a person reads it: `at messages[0].content:` then the recorded and the replayed value. */
  readonly description: string;
}

/** Options of {@link replayModel}. */
export interface ReplayModelOptions {
  /**
   * What a request that differs from the recorded one does: `report` (the default)
   * serves the recorded response anyway and lists the divergence in `divergences`;
   * `throw` fails that model call with a `ReplayDivergenceError`.
   */
  readonly onDivergence?: "report" | "throw";
  /** The provider's `id` (default `replay`). */
  readonly id?: string;
}

/** A provider that plays a recording's model calls, and what it found while doing so. */
export interface ReplayProvider extends ModelProvider {
  /** Every model call whose request differed from the recorded one, in call order (each with its first difference). */
  readonly divergences: readonly RequestDivergence[];
  /** The first of them: where the run first left the recorded one. */
  readonly firstDivergence: RequestDivergence | undefined;
  /** How many model calls were asked for so far. */
  readonly calls: number;
}

/**
 * Plays the model's part of a recording deterministically: the n-th model call streams
 * the n-th recorded call's parts (and throws its error, if it ended with one), whatever
 * the request. Each request is compared with the recorded one (model, messages, tools,
 * settings), so a replay with changed instructions, tools or settings tells where the
 * run diverges. A call past the recording's last fails with `ReplayExhaustedError`.
 *
 * @example
 * const model = replayModel(recording);
 * await createAgent({ provider: model, model: "gpt-4o", instructions: "Answer in French.", tools }).run(input);
 * console.log(model.firstDivergence?.description);
 */
export function replayModel(recording: Recording, options: ReplayModelOptions = {}): ReplayProvider {
  const divergences: RequestDivergence[] = [];
  let calls = 0;
  /** The previous call's recorded and replayed messages, and how many of them (from the first) were found equal. */
  let previous: { recorded: readonly Message[]; replayed: readonly Message[]; equal: number } = { recorded: [], replayed: [], equal: 0 };

  async function* play(request: ModelRequest, callIndex: number): AsyncGenerator<ModelStreamPart> {
    const recorded = recording.modelCalls[callIndex];
    if (recorded === undefined) {
      throw new ReplayExhaustedError(`The replayed run asked for model call ${callIndex + 1}; the recording holds ${recording.modelCalls.length}.`, {
        callIndex,
        recordedCalls: recording.modelCalls.length,
      });
    }
    const replayed = recordedRequestOf(request);
    const { difference, equalMessages } = requestDifference(recorded.request, replayed, previous);
    previous = { recorded: recorded.request.messages, replayed: replayed.messages, equal: equalMessages };
    if (difference) {
      const description = describeDifference(difference);
      divergences.push({ ...difference, callIndex, description });
      if (options.onDivergence === "throw") throw new ReplayDivergenceError(callIndex, description);
    }
    for (const part of recorded.parts) {
      request.signal?.throwIfAborted();
      yield part;
    }
    if (recorded.error) throw errorFromRecorded(recorded.error);
  }

  return {
    id: options.id ?? "replay",
    stream: (request) => play(request, calls++),
    get divergences() {
      return divergences;
    },
    get firstDivergence() {
      return divergences[0];
    },
    get calls() {
      return calls;
    },
  };
}

/**
 * The first difference between a recorded and a replayed request, in the order model,
 * messages, then the other fields; and how many messages, from the first, are equal.
 * Messages that both requests share (as the same objects) with the previous call's,
 * within what was found equal there, are not compared again: a run's requests grow by
 * a few messages a turn, and comparing each whole history would make a replay
 * quadratic in its length.
 */
function requestDifference(
  recorded: RecordedRequest,
  replayed: RecordedRequest,
  previous: { recorded: readonly Message[]; replayed: readonly Message[]; equal: number },
): { difference: ValueDifference | undefined; equalMessages: number } {
  const recordedMessages = recorded.messages;
  const replayedMessages = replayed.messages;
  const shared = Math.min(recordedMessages.length, replayedMessages.length);
  let index = 0;
  while (
    index < shared &&
    index < previous.equal &&
    recordedMessages[index] === previous.recorded[index] &&
    replayedMessages[index] === previous.replayed[index]
  ) {
    index++;
  }
  const model = firstDifference(recorded.model, replayed.model, "model");
  let difference: ValueDifference | undefined;
  for (; index < shared && difference === undefined; index++)
    difference = firstDifference(recordedMessages[index], replayedMessages[index], `messages[${index}]`);
  if (difference !== undefined) return { difference: model ?? difference, equalMessages: index - 1 };
  if (recordedMessages.length !== replayedMessages.length) {
    difference = { path: `messages[${shared}]`, recorded: recordedMessages[shared], replayed: replayedMessages[shared] };
  } else {
    const { model: _recordedModel, messages: _recordedMessages, ...recordedSettings } = recorded;
    const { model: _replayedModel, messages: _replayedMessages, ...replayedSettings } = replayed;
    difference = firstDifference(recordedSettings, replayedSettings);
  }
  return { difference: model ?? difference, equalMessages: shared };
}
