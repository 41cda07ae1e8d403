import { RecordingFormatError } from "../errors/replay-errors.js";
import { RECORDING_FORMAT, RECORDING_VERSION, type Recording } from "./recording.js";

/**
 * Reads a recording from its JSON text (or from the value `JSON.parse` gave): checks
 * its format and version and the shape of its lists.
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
  for (const [index, call] of (candidate.modelCalls as unknown[]).entries()) {
    const { request, parts } = (call ?? {}) as { request?: { model?: unknown; messages?: unknown }; parts?: unknown };
    if (typeof request?.model !== "string" || !Array.isArray(request.messages) || !Array.isArray(parts)) {
      throw new RecordingFormatError(`The recording's model call ${index + 1} needs a request (model, messages) and a list of parts.`);
    }
  }
  for (const [index, call] of (candidate.toolCalls as unknown[]).entries()) {
    const { toolCallId, toolName } = (call ?? {}) as { toolCallId?: unknown; toolName?: unknown };
    if (typeof toolCallId !== "string" || typeof toolName !== "string")
      throw new RecordingFormatError(`The recording's tool call ${index + 1} needs a toolCallId and a toolName.`);
  }
  return value as Recording;
}
