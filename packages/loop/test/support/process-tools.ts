import type { Tool, ToolEffects } from "@baton/core";
import { fakeTool } from "@baton/testing";

/**
 * The tools of one "process" of a crash or resume test: `fast` answers at once, `slow`
 * hangs until aborted when `hang` is set. Each call is logged as `<process>:<tool>`.
 * Both declare `effects` (default `idempotent`: a call in doubt runs again; with
 * `once`, a resumed run asks about it instead).
 */
export function toolsOf(log: string[], process: string, hang: boolean, effects: ToolEffects = "idempotent"): Tool[] {
  return [
    { ...fakeTool({ name: "fast" }), effects, execute: async (args: unknown) => (log.push(`${process}:fast`), `fast ${JSON.stringify(args)}`) },
    {
      ...fakeTool({ name: "slow" }),
      effects,
      execute: async (args: unknown, ctx) => {
        log.push(`${process}:slow`);
        if (hang) await new Promise((_, reject) => ctx.signal.addEventListener("abort", () => reject(new Error("aborted"))));
        return `slow ${JSON.stringify(args)}`;
      },
    },
  ];
}
