// The `approver` agent of the scale-out worker processes: a run that pauses for a person's approval.
//
// Turn 1: the model calls `prepare` (no approval needed). Turn 2: it calls `charge` twice in one
// batch, `charge-ok` (10) and `charge-no` (5000); every `charge` call waits for approval, so the
// run ends `interrupted`. Once resumed with decisions, the last turn answers with what the two
// charges returned: `charged 10; not charged 5000 (<the refusal the model read>)`.
//
// Side effects go to the Redis hash `<prefix>:approvals:<runId>`: `prepare` counts one
// execution; `charge` counts `started:<toolCallId>` when it begins, waits until the key
// `<prefix>:release:<runId>` exists (so a test can kill the worker while the call is in
// flight), then counts `finished:<toolCallId>`.
import { setTimeout as sleep } from "node:timers/promises";
import { resume, run } from "@baton/loop";
import { scriptedModel } from "@baton/testing";

/** The ids of the two `charge` calls of the second turn. */
const APPROVED_CALL = "charge-ok";
const REJECTED_CALL = "charge-no";

/** The tool results the model was sent, by tool call id. */
function toolResults(request) {
  const results = new Map();
  for (const message of request.messages) {
    if (message.role !== "tool") continue;
    for (const part of message.content) if (part.type === "tool-result") results.set(part.toolCallId, part);
  }
  return results;
}

function resultText(part) {
  if (part === undefined) return "(no result)";
  return typeof part.result === "string" ? part.result : JSON.stringify(part.result);
}

/**
 * A QueueAgent (`run`/`resume`) whose charges wait for approval.
 * @param {{ redis: import("ioredis").Redis, storage: unknown, prefix: string, claimLeaseMs: number, storageWaitMs: number }} options
 */
export function approvalAgent({ redis, storage, prefix, claimLeaseMs, storageWaitMs }) {
  const effects = (runId) => `${prefix}:approvals:${runId}`;

  const model = scriptedModel(
    [
      (request) => {
        const results = toolResults(request);
        if (results.size === 0) return { text: "preparing", toolCalls: [{ id: "prepare-1", name: "prepare", arguments: {} }] };
        if (results.size === 1) {
          return {
            text: "charging",
            toolCalls: [
              { id: APPROVED_CALL, name: "charge", arguments: { amount: 10 } },
              { id: REJECTED_CALL, name: "charge", arguments: { amount: 5000 } },
            ],
          };
        }
        const approved = results.get(APPROVED_CALL);
        const rejected = results.get(REJECTED_CALL);
        const charged = approved !== undefined && approved.isError !== true ? `charged ${approved.result.charged}` : `charge failed: ${resultText(approved)}`;
        const refused = rejected?.isError === true ? `not charged 5000 (${resultText(rejected)})` : `charged 5000: ${resultText(rejected)}`;
        return { text: `${charged}; ${refused}` };
      },
    ],
    { repeatLast: true },
  );

  const prepare = {
    name: "prepare",
    description: "Prepares the charges.",
    parameters: { type: "object", properties: {} },
    async execute(_args, context) {
      await redis.hincrby(effects(context.runId), "prepare", 1);
      return "ready";
    },
  };

  const charge = {
    name: "charge",
    description: "Charges the customer's card.",
    parameters: { type: "object", properties: { amount: { type: "number" } }, required: ["amount"] },
    async execute(args, context) {
      await redis.hincrby(effects(context.runId), `started:${context.toolCallId}`, 1);
      while ((await redis.exists(`${prefix}:release:${context.runId}`)) === 0) await sleep(20, undefined, { signal: context.signal });
      await redis.hincrby(effects(context.runId), `finished:${context.toolCallId}`, 1);
      return { charged: args.amount };
    },
  };

  /** Every `charge` call waits for a person's approval. */
  const config = {
    beforeToolCalls: ({ calls }) => ({
      decisions: Object.fromEntries(
        calls.filter((planned) => planned.call.toolName === "charge").map((planned) => [planned.call.toolCallId, { type: "interrupt" }]),
      ),
    }),
  };

  const fixed = { provider: model, model: "scale-model", tools: [prepare, charge], config, storage, claimLeaseMs, storageWaitMs };
  return {
    run: (input, options) => run({ ...fixed, input, ...options }),
    resume: (runId, options) => resume({ ...fixed, runId, ...options }),
  };
}
