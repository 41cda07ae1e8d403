import { ConfigurationError, type ModelInfo, type ModelProvider, type ModelRequest, type ModelStreamPart, type UsagePart } from "@baton/core";
import { compileTurn, failingTurn } from "./compile-turn.js";
import type { CompiledTurn } from "./compiled-turn.js";
import { estimateInputTokens } from "./default-usage.js";
import { ScriptExhaustedError } from "./script-exhausted-error.js";
import { ScriptedStream } from "./scripted-stream.js";
import type { ScriptedReply, ScriptedTurn, ScriptedTurnFunction } from "./scripted-turn.js";
import { snapshotRequest } from "./snapshot-request.js";

/** Options of {@link scriptedModel}. */
export interface ScriptedModelOptions {
  /** Provider id. Default `scripted`. */
  readonly id?: string;
  /** Model infos served by `getModelInfo`, by model id. */
  readonly models?: Readonly<Record<string, ModelInfo>>;
  /** Once the script is used up, repeat its last turn forever (handy in benchmarks). */
  readonly repeatLast?: boolean;
  /** Once the script is used up, start over from its first turn. */
  readonly loop?: boolean;
  /** Keep each request in `requests`. Default true; turn off in long benchmarks to save memory. */
  readonly recordRequests?: boolean;
}

/**
 * A {@link ModelProvider} that plays a script: each `stream()` call streams the next
 * turn, and every request is recorded. Create one with {@link scriptedModel}.
 */
export class ScriptedModel implements ModelProvider {
  /** Provider id (`scripted` unless given). */
  readonly id: string;
  /**
   * The requests received, in call order. Each is a copy whose messages do not change
   * when the caller mutates its own messages later.
   */
  readonly requests: ModelRequest[] = [];

  private readonly turns: readonly ScriptedTurn[];
  /** Static turns compiled up front; undefined for function turns. */
  private readonly compiled: readonly (CompiledTurn | undefined)[];
  private readonly models: Readonly<Record<string, ModelInfo>>;
  private readonly repeatLast: boolean;
  private readonly loop: boolean;
  private readonly recordRequests: boolean;
  private calls = 0;

  constructor(turns: readonly ScriptedTurn[], options: ScriptedModelOptions = {}) {
    if (!Array.isArray(turns)) throw new ConfigurationError("scriptedModel: the script must be an array of turns.");
    if (options.repeatLast === true && options.loop === true) {
      throw new ConfigurationError("scriptedModel: `repeatLast` and `loop` cannot both be set.");
    }
    this.id = options.id ?? "scripted";
    this.turns = [...turns];
    this.compiled = this.turns.map((turn) => (typeof turn === "function" ? undefined : compileTurn(turn)));
    this.models = options.models ?? {};
    this.repeatLast = options.repeatLast === true;
    this.loop = options.loop === true;
    this.recordRequests = options.recordRequests !== false;
  }

  /** Number of `stream()` calls so far. */
  get callCount(): number {
    return this.calls;
  }

  /** Turns left before the script is exhausted; `Infinity` with `repeatLast` or `loop`. */
  get remaining(): number {
    const total = this.turns.length;
    if (total === 0) return 0;
    if (this.repeatLast || this.loop) return Infinity;
    return Math.max(0, total - this.calls);
  }

  /** The last request received, if any. */
  get lastRequest(): ModelRequest | undefined {
    return this.requests[this.requests.length - 1];
  }

  /**
   * Streams the next scripted turn. The request is recorded at once; errors (an
   * exhausted script, a scripted error, an abort) surface from the stream.
   */
  stream(request: ModelRequest): AsyncIterable<ModelStreamPart> {
    const callIndex = this.calls++;
    if (this.recordRequests) this.requests.push(snapshotRequest(request));
    const turn = this.turnFor(request, callIndex);
    const needsUsage = turn.errorAt < 0 || turn.errorAt > turn.content.length;
    return new ScriptedStream(turn, contentFor(turn, callIndex), needsUsage ? usageFor(turn, request) : undefined, request.signal);
  }

  /** The info given in `options.models` for `modelId`, if any. */
  getModelInfo(modelId: string): ModelInfo | undefined {
    return Object.hasOwn(this.models, modelId) ? this.models[modelId] : undefined;
  }

  /** Forgets the calls and requests so far: the script starts over from its first turn. */
  reset(): void {
    this.calls = 0;
    this.requests.length = 0;
  }

  /** The turn objects function turns returned, compiled. */
  private readonly compiledReplies = new WeakMap<object, CompiledTurn>();

  private turnFor(request: ModelRequest, callIndex: number): CompiledTurn {
    const slot = this.slotFor(callIndex);
    if (slot < 0) {
      const total = this.turns.length;
      return failingTurn(() => new ScriptExhaustedError(callIndex + 1, total));
    }
    const compiled = this.compiled[slot];
    if (compiled !== undefined) return compiled;
    // Only function turns are left uncompiled.
    const turn = this.turns[slot] as ScriptedTurnFunction;
    try {
      const reply: unknown = turn(request, callIndex);
      if (typeof reply === "function") {
        throw new ConfigurationError("scriptedModel: a turn function must return a string or a turn object, not a function.");
      }
      if (typeof reply !== "object" || reply === null) return compileTurn(reply as ScriptedReply);
      // A function that returns the same turn object again gets it compiled once (compiling is most of a call's cost).
      let compiledReply = this.compiledReplies.get(reply);
      if (compiledReply === undefined) {
        compiledReply = compileTurn(reply as ScriptedReply);
        this.compiledReplies.set(reply, compiledReply);
      }
      return compiledReply;
    } catch (error) {
      return failingTurn(() => error);
    }
  }

  /** Index of the turn that serves call `callIndex`; -1 when the script is exhausted. */
  private slotFor(callIndex: number): number {
    const total = this.turns.length;
    if (callIndex < total) return callIndex;
    if (total === 0) return -1;
    if (this.loop) return callIndex % total;
    if (this.repeatLast) return total - 1;
    return -1;
  }
}

/**
 * Creates a scripted model: a model provider that streams `turns` in order, one per
 * call, and records what it was asked.
 *
 * @example
 * const model = scriptedModel([
 *   { toolCalls: [{ name: "get_weather", arguments: { city: "Paris" } }] },
 *   "It is sunny in Paris.",
 * ]);
 */
export function scriptedModel(turns: readonly ScriptedTurn[], options?: ScriptedModelOptions): ScriptedModel {
  return new ScriptedModel(turns, options);
}

/** The turn's content parts with the default tool-call ids of this call filled in. */
function contentFor(turn: CompiledTurn, callIndex: number): readonly ModelStreamPart[] {
  if (turn.defaultIds.length === 0) return turn.content;
  const content = turn.content.slice();
  for (const slot of turn.defaultIds) {
    content[slot.position] = {
      type: "tool-call-delta",
      index: slot.index,
      id: `call_${callIndex}_${slot.index}`,
      name: slot.name,
      argumentsDelta: slot.argumentsDelta,
    };
  }
  return content;
}

/** The usage part of this call: the prebuilt one, or one with the request's estimated input tokens. */
function usageFor(turn: CompiledTurn, request: ModelRequest): UsagePart {
  if (turn.usagePart !== undefined) return turn.usagePart;
  const { outputTokens, cachedInputTokens, reasoningTokens } = turn.usage;
  // Built field by field: spreading or freezing here costs more than the whole rest of a call.
  return {
    type: "usage",
    usage: { inputTokens: estimateInputTokens(request.messages), outputTokens, cachedInputTokens, reasoningTokens },
  };
}
