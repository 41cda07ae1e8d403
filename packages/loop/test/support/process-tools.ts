import type { Tool } from "@baton/core";
import { fakeTool } from "@baton/testing";

/**
 * The tools of one "process" of a crash or resume test: `fast` answers at once, `slow`
 * hangs until aborted when `hang` is set. Each call is logged as `<process>:<tool>`.
 */
export function toolsOf(log: string[], process: string, hang: boolean): Tool[] {
  return [
    { ...fakeTool({ name: "fast" }), execute: async (args: unknown) => (log.push(`${process}:fast`), `fast ${JSON.stringify(args)}`) },
    {
      ...fakeTool({ name: "slow" }),
      execute: async (args: unknown, ctx) => {
        log.push(`${process}:slow`);
        if (hang) await new Promise((_, reject) => ctx.signal.addEventListener("abort", () => reject(new Error("aborted"))));
        return `slow ${JSON.stringify(args)}`;
      },
    },
  ];
}
