import type { Message, ModelProvider, Tool } from "@baton/core";
import type { SeededRandom } from "./seeded-random.mjs";

/** A run's script: its turns of calls (`[tool code, ms, effect point]`) and the model's delay. */
export interface ChaosPlan {
  readonly turns: readonly (readonly (readonly [code: "c" | "s" | "l", ms: number, at: number])[])[];
  readonly modelMs: number;
}

/** How plans are drawn. */
export interface PlanOptions {
  readonly maxTurns?: number;
  readonly maxCalls?: number;
  readonly minToolMs?: number;
  readonly maxToolMs?: number;
  readonly modelMs?: readonly [number, number];
  readonly idempotentShare?: number;
  /** Share of calls that take `slowToolMs` instead (longer than a storage wait: they are cut off in doubt). */
  readonly slowShare?: number;
  readonly slowToolMs?: readonly [number, number];
}

/** The trial tools: their name and what running them twice does, by plan code. */
export declare const CHAOS_TOOLS: Readonly<Record<"c" | "s" | "l", { readonly name: string; readonly effects: "once" | "idempotent" }>>;
export declare function drawPlan(random: SeededRandom, options?: PlanOptions): ChaosPlan;
export declare function planInput(plan: ChaosPlan): string;
export declare function callId(turn: number, index: number): string;
export declare function planCalls(plan: ChaosPlan): { toolCallId: string; toolName: string; effects: "once" | "idempotent" }[];
export declare function callResult(toolName: string, toolCallId: string): { done: string };
export declare function expectedAnswer(plan: ChaosPlan): string;
export declare function planOf(messages: readonly Message[]): ChaosPlan;
export declare function nextTurn(messages: readonly Message[]): {
  toolCalls?: { id: string; name: string; arguments: unknown }[];
  text: string;
  delayMs: number;
};
export declare function chaosModel(): ModelProvider;
export declare function chaosTools(effectsPath: string): Tool[];
