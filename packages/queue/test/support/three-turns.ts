import type { ModelRequest, Tool } from "@baton/core";
import { scriptedModel, type ScriptedModel } from "@baton/testing";

/** Options of {@link threeTurnModel}. */
export interface ThreeTurnModelOptions {
  /** Latency before each turn, in ms. */
  readonly delayMs?: number;
  /** The second model call fails this many times first (counted over every run the model serves), with `error()`. */
  readonly outages?: { readonly count: number; readonly error: () => Error };
}

/**
 * A model that, for every run, calls the `work` tool twice in two turns (two calls in
 * parallel each time), then answers `done <n>` where n is the number of tool results
 * it saw. Deterministic per run, so many runs can share it.
 */
export function threeTurnModel(options: ThreeTurnModelOptions = {}): ScriptedModel {
  let outagesLeft = options.outages?.count ?? 0;
  return scriptedModel(
    [
      (request: ModelRequest) => {
        const results = request.messages.filter((message) => message.role === "tool").length;
        const turn = request.messages.filter((message) => message.role === "assistant").length;
        if (turn === 1 && outagesLeft > 0) {
          outagesLeft--;
          return { error: options.outages!.error(), errorAfterParts: 0 };
        }
        const delay = options.delayMs === undefined ? {} : { delayMs: options.delayMs };
        if (turn < 2) {
          return {
            ...delay,
            text: `turn ${turn + 1}`,
            toolCalls: [
              { name: "work", arguments: { step: turn + 1, part: "a" } },
              { name: "work", arguments: { step: turn + 1, part: "b" } },
            ],
          };
        }
        return { ...delay, text: `done ${results}` };
      },
    ],
    { repeatLast: true },
  );
}

/** A `work` tool that records each execution through `record`, after `delayMs`. */
export function workTool(record: (key: string) => Promise<unknown> | unknown, delayMs = 0): Tool {
  return {
    name: "work",
    description: "Does one unit of work.",
    parameters: { type: "object", properties: { step: { type: "number" }, part: { type: "string" } }, required: ["step", "part"] },
    execute: async (args: unknown, context) => {
      const { step, part } = args as { step: number; part: string };
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      await record(`${context.runId}:${step}${part}`);
      return { step, part };
    },
  } as Tool;
}
