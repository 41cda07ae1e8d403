import {
  ERROR_CODES,
  isPromiseLike,
  type ModelProvider,
  type ModelRequest,
  type ModelStreamPart,
  type StreamEvent,
  type Tool,
  type ToolExecutionContext,
} from "@baton/core";
import { providerWithStream } from "./provider-with-stream.js";
import { recordedErrorOf } from "./recorded-error.js";
import { recordedRequestOf } from "./recorded-request.js";
import { redactSecrets } from "./redact-secrets.js";
import { RECORDING_FORMAT, RECORDING_VERSION, type RecordedModelCall, type RecordedToolCall, type Recording } from "./recording.js";

/** Options of {@link createRecorder}. */
export interface RecorderOptions {
  /**
   * Values that must never enter a recording (API keys, passwords, tokens): every
   * occurrence in a request, a streamed part, a tool's arguments or result, or an event
   * is written as `***`.
   */
  readonly secrets?: readonly string[];
}

/**
 * Records a live run: give the run the recorder's `provider(…)`, `tools(…)` and
 * `onEvent`, then take `recording()`. What it wraps behaves exactly as before.
 */
export interface Recorder {
  /** The provider with each call's request, streamed parts and error recorded; parts pass through unchanged. */
  provider(provider: ModelProvider): ModelProvider;
  /** The tools, each call's arguments and result (or error, or streamed values) recorded. */
  tools(tools: readonly Tool[]): Tool[];
  /** Records one event: pass it as the run's `onEvent` (or call it from yours). */
  readonly onEvent: (event: StreamEvent) => void;
  /** The recording of what was recorded so far, with the secrets redacted. */
  recording(): Recording;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * A recorder for live runs.
 *
 * @example
 * const recorder = createRecorder({ secrets: [process.env.OPENAI_API_KEY ?? ""] });
 * const agent = createAgent({ provider: recorder.provider(provider), model, tools: recorder.tools(tools) });
 * await agent.run("What's the weather in Paris?", { onEvent: recorder.onEvent });
 * await writeFile("weather.recording.json", JSON.stringify(recorder.recording()));
 */
export function createRecorder(options: RecorderOptions = {}): Recorder {
  const secrets = (options.secrets ?? []).filter((secret) => secret !== "");
  const modelCalls: Mutable<RecordedModelCall>[] = [];
  const toolCalls: Mutable<RecordedToolCall>[] = [];
  const events: StreamEvent[] = [];

  /** The call's parts, recorded as the run reads them: the inner iterator's results passed on as they are (no generator in between). */
  function recordCall(inner: ModelProvider, request: ModelRequest): AsyncIterable<ModelStreamPart> {
    const parts: ModelStreamPart[] = [];
    const call: Mutable<RecordedModelCall> = { request: recordedRequestOf(request), parts };
    modelCalls.push(call);
    const failed = (error: unknown): never => {
      call.error = recordedErrorOf(error, ERROR_CODES.PROVIDER_ERROR);
      throw error;
    };
    return {
      [Symbol.asyncIterator]() {
        let iterator: AsyncIterator<ModelStreamPart>;
        try {
          iterator = inner.stream(request)[Symbol.asyncIterator]();
        } catch (error) {
          return failed(error);
        }
        const kept = (step: IteratorResult<ModelStreamPart>) => {
          if (!step.done) parts.push(step.value);
          return step;
        };
        const recording: AsyncIterator<ModelStreamPart> = { next: () => iterator.next().then(kept, failed) };
        if (iterator.return) recording.return = (value) => iterator.return!(value);
        return recording;
      },
    };
  }

  function recordTool(tool: Tool): Tool {
    return {
      ...tool,
      execute(args: unknown, context: ToolExecutionContext) {
        const call: Mutable<RecordedToolCall> = { toolCallId: context.toolCallId, toolName: tool.name, arguments: args };
        toolCalls.push(call);
        const failed = (error: unknown) => {
          call.error = recordedErrorOf(error, ERROR_CODES.TOOL_EXECUTION_FAILED);
          return error;
        };
        let output: unknown;
        try {
          output = tool.execute(args, context);
        } catch (error) {
          throw failed(error);
        }
        if (isAsyncIterable(output)) return recordStreamed(output, call, failed);
        if (isPromiseLike(output))
          return Promise.resolve(output).then(
            (result) => {
              call.result = result;
              return result;
            },
            (error: unknown) => {
              throw failed(error);
            },
          );
        call.result = output;
        return output;
      },
    };
  }

  return {
    provider: (inner) => providerWithStream(inner, (request) => recordCall(inner, request)),
    tools: (tools) => tools.map(recordTool),
    onEvent: (event) => {
      events.push(event);
    },
    recording() {
      const recording: Recording = {
        format: RECORDING_FORMAT,
        version: RECORDING_VERSION,
        recordedAt: new Date().toISOString(),
        modelCalls: modelCalls.map((call) => ({ ...call, parts: call.parts.slice() })),
        toolCalls: toolCalls.map((call) => ({ ...call, ...(call.streamed ? { streamed: call.streamed.slice() } : {}) })),
        events: events.slice(),
      };
      return redactSecrets(recording, secrets);
    },
  };
}

/** Passes a streaming tool's values on, recording them and its return value (the result). */
async function* recordStreamed(
  output: AsyncIterable<unknown>,
  call: Mutable<RecordedToolCall>,
  failed: (error: unknown) => unknown,
): AsyncGenerator<unknown, unknown> {
  const streamed: unknown[] = [];
  call.streamed = streamed;
  const iterator = output[Symbol.asyncIterator]();
  let done = false;
  try {
    for (;;) {
      let step: IteratorResult<unknown>;
      try {
        step = await iterator.next();
      } catch (error) {
        done = true;
        throw failed(error);
      }
      if (step.done) {
        done = true;
        call.result = step.value;
        return step.value;
      }
      streamed.push(step.value);
      yield step.value;
    }
  } finally {
    if (!done) await iterator.return?.();
  }
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return value !== null && typeof value === "object" && typeof (value as AsyncIterable<unknown>)[Symbol.asyncIterator] === "function";
}
