// Drives one run to its end as a durable application does: start it, then, for as
// long as it is not over, resume it — at once when its attempt ended resumable, after
// a pause while another attempt's lease holds it, with decisions when it paused on
// calls in doubt, and start it again when its start never reached storage. Every
// attempt is recorded for the checker.
import { setTimeout as sleep } from "node:timers/promises";
import { effectsByKey } from "./effects-log.mjs";

/**
 * The in-doubt decider: for each call in doubt, looks its idempotency key up in the
 * effects log. Executed: the call's result is what that execution returned. Not
 * executed: it runs again. Returns the decisions, or `undefined` with the reason when
 * the run waits for something else.
 */
export function decideInDoubt(interruptions, effectsPath) {
  const effects = effectsByKey(effectsPath);
  const decisions = {};
  for (const interruption of interruptions ?? []) {
    if (interruption.kind !== "in-doubt") return { problem: `the run waits for a ${interruption.kind} decision on ${interruption.toolCallId}` };
    const key = interruption.payload?.idempotencyKey;
    const executions = effects.get(key) ?? [];
    decisions[interruption.id] = executions.length > 0 ? { result: executions.at(-1).result } : { runAgain: true };
  }
  return { decisions };
}

/** What an attempt's result says about the run. */
export function outcomeOf(result) {
  if (result === undefined) return "threw";
  if (result.resumable) return "resumable";
  if (result.stopReason === "interrupted") return "interrupted";
  if (result.stopReason === "error" && result.error?.code === "RUN_NOT_RESUMABLE") {
    const reason = String(result.error.details?.reason ?? result.error.message);
    if (/holds it/.test(reason)) return "held";
    if (/no checkpoint/.test(reason)) return "not-stored";
    if (/finished/.test(reason)) return "finished";
    return "not-resumable";
  }
  if (result.stopReason === "error" && result.error?.code === "INVALID_CONFIGURATION" && /already used/.test(result.error.message)) return "id-taken";
  return "ended";
}

/**
 * Drives a run until it is over or `deadline()` passes.
 * @param {object} options
 * @param {object} options.record the run's history record (`attempts` is filled in)
 * @param {(mode: "run" | "resume", decisions?: object) => Promise<{ result?: object, thrown?: unknown, events: object[] }>} options.attempt
 * @param {string} options.effectsPath the trial's effects log, for the in-doubt decider
 * @param {() => number} options.deadline epoch ms after which the driver gives up (the checker then says the run did not settle)
 * @param {number} options.pauseMs the pause before trying again (a held run, a failed start)
 * @param {AbortSignal} [options.signal] stops the driver
 * @param {"run" | "resume"} [options.mode] the first attempt's (`resume` for a run a killed process started)
 */
export async function driveRun({ record, attempt, effectsPath, deadline, pauseMs, signal, mode: firstMode = "run" }) {
  let mode = firstMode;
  let decisions;
  for (;;) {
    const startedAt = Date.now();
    const { result, thrown, events } = await attempt(mode, decisions);
    const outcome = outcomeOf(result);
    record.attempts.push({ mode, startedAt, endedAt: Date.now(), outcome, decisions, result: result && summarise(result), thrown, events });
    decisions = undefined;
    if (outcome === "ended" && result.stopReason === "completed") break;
    if (outcome === "finished") break;
    if (Date.now() > deadline() || signal?.aborted) {
      record.unsettled = `still ${outcome} at the settle deadline`;
      break;
    }
    switch (outcome) {
      case "interrupted": {
        const decided = decideInDoubt(result.interruptions, effectsPath);
        if (decided.problem) {
          record.unsettled = decided.problem;
          return record;
        }
        decisions = decided.decisions;
        record.decided += Object.keys(decisions).length;
        mode = "resume";
        continue;
      }
      case "resumable":
        mode = "resume";
        continue;
      case "not-stored":
        // Its start never reached storage: the application starts it again, with the same id.
        mode = "run";
        break;
      case "held":
        // Another attempt's lease holds it (one that ended, or whose start was cut off): try again soon.
        break;
      case "id-taken":
        // Its id is stored (a start thought lost landed, or is held): resume() says whether it is held, finished or resumable.
        mode = "resume";
        break;
      default:
        // Ended otherwise (an error, a throw): look again through resume(), which says whether storage holds it unfinished.
        mode = "resume";
        break;
    }
    await sleep(pauseMs);
  }
  record.endedAt = Date.now();
  return record;
}

/** The parts of a result the checker reads. */
export function summarise(result) {
  return {
    stopReason: result.stopReason,
    text: result.text,
    persisted: result.persisted,
    resumable: result.resumable,
    error: result.error,
    interruptions: result.interruptions?.map(({ id, kind, toolCallId, payload }) => ({ id, kind, toolCallId, payload })),
  };
}
