import { defineTool, type Tool } from "@baton/sdk";
import { z } from "zod";
import type { Pace } from "../pace.js";

/** What `clock` returns. */
export interface ClockResult {
  /** ISO 8601 time, UTC. */
  readonly iso: string;
  /** `HH:MM:SS UTC`. */
  readonly time: string;
}

/**
 * The supervisor's quick tool: reads the server's clock. It runs in the same batch
 * as `research` and finishes long before it, so the page shows one card done while
 * the other is still working.
 */
export function clockTool(pace: Pace, now: () => Date = () => new Date()): Tool<Record<string, never>, ClockResult> {
  return defineTool({
    name: "clock",
    description: "Returns the server's current date and time (UTC).",
    parameters: z.object({}).strict(),
    // It only reads: a call a dead worker left in doubt simply runs again.
    effects: "idempotent",
    execute: async (_args, ctx): Promise<ClockResult> => {
      await ctx.progress("reading the server clock");
      await pace.sleep(150, ctx.signal);
      const date = now();
      return { iso: date.toISOString(), time: `${date.toISOString().slice(11, 19)} UTC` };
    },
    summarize: ({ time }) => time,
  });
}
