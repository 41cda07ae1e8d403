import type { Message } from "@baton/core";
import { RecordingFormatError } from "../errors/replay-errors.js";
import { RECORDING_FORMAT, RECORDING_VERSION, type RecordedModelCall, type RecordedRequest, type Recording } from "./recording.js";

/** A request as a recording's JSON may hold it: its whole `messages`, or those kept from the previous call and those added (`writeRecording`). */
interface WrittenRequest extends Omit<RecordedRequest, "messages"> {
  readonly messages?: unknown;
  readonly messagesKept?: unknown;
  readonly messagesAdded?: unknown;
}

/**
 * Reads a recording from its JSON text (or from the value `JSON.parse` gave), as
 * `writeRecording` or `JSON.stringify` wrote it: checks its format and version and the
 * shape of its lists, and gives each model call's request its whole list of messages
 * (messages kept from one call to the next are the same objects).
 * @throws RecordingFormatError when it is not a recording, or one of another version.
 */
export function readRecording(json: string | unknown): Recording {
  let value: unknown = json;
  if (typeof json === "string") {
    try {
      value = JSON.parse(json);
    } catch (error) {
      throw new RecordingFormatError(`A recording must be JSON: ${(error as Error).message}`);
    }
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new RecordingFormatError("A recording must be a JSON object.");
  const candidate = value as Partial<Record<keyof Recording, unknown>>;
  if (candidate.format !== RECORDING_FORMAT)
    throw new RecordingFormatError(`Not a recording: its format is ${JSON.stringify(candidate.format)}, not "${RECORDING_FORMAT}".`);
  if (candidate.version !== RECORDING_VERSION) {
    throw new RecordingFormatError(
      `The recording is of format version ${JSON.stringify(candidate.version)}; this version of @baton/evals reads version ${RECORDING_VERSION}.`,
    );
  }
  for (const list of ["modelCalls", "toolCalls", "events"] as const) {
    if (!Array.isArray(candidate[list])) throw new RecordingFormatError(`The recording's ${list} must be a list.`);
  }
  for (const [index, call] of (candidate.toolCalls as unknown[]).entries()) {
    const { toolCallId, toolName } = (call ?? {}) as { toolCallId?: unknown; toolName?: unknown };
    if (typeof toolCallId !== "string" || typeof toolName !== "string")
      throw new RecordingFormatError(`The recording's tool call ${index + 1} needs a toolCallId and a toolName.`);
  }
  let previous: readonly Message[] = [];
  const modelCalls = (candidate.modelCalls as unknown[]).map((call, index): RecordedModelCall => {
    const { request, parts } = (call ?? {}) as { request?: WrittenRequest; parts?: unknown };
    if (typeof request?.model !== "string" || !Array.isArray(parts)) {
      throw new RecordingFormatError(`The recording's model call ${index + 1} needs a request (model, messages) and a list of parts.`);
    }
    const { model, messages, messagesKept, messagesAdded, ...settings } = request;
    let whole: readonly Message[];
    if (Array.isArray(messages)) whole = messages as Message[];
    else if (Number.isInteger(messagesKept) && (messagesKept as number) >= 0 && (messagesKept as number) <= previous.length && Array.isArray(messagesAdded)) {
      whole = [...previous.slice(0, messagesKept as number), ...(messagesAdded as Message[])];
    } else {
      throw new RecordingFormatError(
        `The recording's model call ${index + 1} needs its messages: a list, or messagesKept (at most the ${previous.length} of the call before) and a list of messagesAdded.`,
      );
    }
    previous = whole;
    return { ...(call as RecordedModelCall), request: { model, messages: whole, ...settings } };
  });
  return { ...(value as Recording), modelCalls };
}
