// The agent every chaos trial runs, in process, in a child process or on a queue
// worker. Its whole script travels in the run's input (`chaos-plan {json}`), so any
// process can run or resume any run with nothing but the input: the model reads the
// plan from the first user message and the tool results so far, and asks for the next
// turn's calls, then answers with every result it saw. Tools sleep for their planned
// time, do their effect part-way through (recorded in the trial's effects log under
// the call's idempotency key), and return a value derived from their arguments.
import { setTimeout as sleep } from "node:timers/promises";
import { scriptedModel } from "@baton/testing";
import { recordEffect } from "./effects-log.mjs";

/** The trial tools: their name, what running them twice does, and the code a plan names them by. */
export const CHAOS_TOOLS = Object.freeze({
  c: { name: "charge_card", effects: "once" },
  s: { name: "send_email", effects: "once" },
  l: { name: "lookup_order", effects: "idempotent" },
});

const PLAN_PREFIX = "chaos-plan ";

/**
 * Draws the plan of one run: 1–`maxTurns` turns of 1–`maxCalls` calls, each a tool
 * (mostly `once` ones), a duration in [`minToolMs`, `maxToolMs`] (a `slowShare` of them
 * in `slowToolMs`: longer than a storage wait, so faults cut them off mid-call) and the
 * point of its duration at which its effect happens.
 */
export function drawPlan(
  random,
  { maxTurns = 3, maxCalls = 3, minToolMs = 2, maxToolMs = 300, modelMs = [0, 10], idempotentShare = 0.25, slowShare = 0, slowToolMs = [300, 900] } = {},
) {
  const turns = [];
  const count = random.int(1, maxTurns);
  for (let t = 0; t < count; t++) {
    const calls = [];
    const size = random.int(1, maxCalls);
    for (let i = 0; i < size; i++) {
      const code = random.chance(idempotentShare) ? "l" : random.pick(["c", "s"]);
      const ms = random.chance(slowShare) ? random.int(slowToolMs[0], slowToolMs[1]) : random.int(minToolMs, maxToolMs);
      calls.push([code, ms, Math.round(random.next() * 100) / 100]);
    }
    turns.push(calls);
  }
  return { turns, modelMs: random.int(modelMs[0], modelMs[1]) };
}

/** The input that carries a plan. */
export function planInput(plan) {
  return `${PLAN_PREFIX}${JSON.stringify(plan)}`;
}

/** The id of call `i` of turn `t` (fixed, so every attempt and process names a call alike). */
export function callId(turn, index) {
  return `t${turn + 1}c${index + 1}`;
}

/** Every call of a plan: its id, tool and what running it twice does. */
export function planCalls(plan) {
  return plan.turns.flatMap((calls, t) =>
    calls.map(([code], i) => ({ toolCallId: callId(t, i), toolName: CHAOS_TOOLS[code].name, effects: CHAOS_TOOLS[code].effects })),
  );
}

/** What a tool call returns: derived from its id and tool only, so every execution returns the same. */
export function callResult(toolName, toolCallId) {
  return { done: `${toolName}:${toolCallId}` };
}

/** The answer an uninterrupted run of `plan` gives. */
export function expectedAnswer(plan) {
  return `done ${planCalls(plan)
    .map((call) => `${call.toolCallId}=${call.toolName}:${call.toolCallId}`)
    .join(" ")}`;
}

/** The plan in a request's first user message. */
export function planOf(messages) {
  const first = messages.find((message) => message.role === "user");
  const text = typeof first?.content === "string" ? first.content : (first?.content ?? []).map((part) => part.text ?? "").join("");
  if (!text.startsWith(PLAN_PREFIX)) throw new Error("The first user message holds no chaos plan.");
  return JSON.parse(text.slice(PLAN_PREFIX.length));
}

/**
 * The model's next turn for a request (core's messages): the calls of the turn that
 * comes after the results already there, or the answer listing them.
 * @returns {{ toolCalls?: { id: string, name: string, arguments: unknown }[], text: string, delayMs: number }}
 */
export function nextTurn(messages) {
  const plan = planOf(messages);
  const results = messages.flatMap((message) => (message.role === "tool" ? message.content : []));
  let before = 0;
  for (const [t, calls] of plan.turns.entries()) {
    if (results.length < before + calls.length) {
      return {
        text: `turn ${t + 1}`,
        delayMs: plan.modelMs,
        toolCalls: calls.map(([code, ms, at], i) => ({ id: callId(t, i), name: CHAOS_TOOLS[code].name, arguments: { ms, at } })),
      };
    }
    before += calls.length;
  }
  const seen = results.map(
    (part) => `${part.toolCallId}=${part.isError ? `error(${JSON.stringify(part.result)})` : (part.result?.done ?? JSON.stringify(part.result))}`,
  );
  return { text: `done ${seen.join(" ")}`, delayMs: plan.modelMs };
}

/** A scripted model playing the plan in each request (a fresh one works for a resumed run). */
export function chaosModel() {
  return scriptedModel([(request) => nextTurn(request.messages)], { repeatLast: true });
}

/**
 * The trial's tools: each sleeps `ms`, does its effect (one line in the effects log)
 * at `at` of that time unless its signal fired first, and returns {@link callResult}.
 * A tool stopped by its signal after its effect throws: the call is cut short with its
 * effect done (the case a resumed run finds in doubt).
 */
export function chaosTools(effectsPath) {
  return Object.values(CHAOS_TOOLS).map(({ name, effects }) => ({
    name,
    description: `The chaos trial's ${name} tool (${effects}).`,
    parameters: { type: "object", properties: { ms: { type: "number" }, at: { type: "number" } }, required: ["ms", "at"] },
    effects,
    async execute(args, context) {
      const before = Math.round(args.ms * args.at);
      await sleep(before, undefined, { signal: context.signal });
      context.signal.throwIfAborted();
      const result = callResult(name, context.toolCallId);
      recordEffect(effectsPath, { key: context.idempotencyKey, tool: name, effects, result });
      await sleep(args.ms - before, undefined, { signal: context.signal });
      return result;
    },
  }));
}
