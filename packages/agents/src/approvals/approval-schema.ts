import { z } from "zod";
import { messageSchema } from "./message-schema.js";
import { APPROVAL_STATE_FORMAT, APPROVAL_STATE_VERSION } from "./approval-types.js";

const pendingCallSchema = z.strictObject({
  toolCallId: z.string().min(1),
  toolName: z.string().min(1),
  arguments: z.unknown(),
});

/** Schema of version 1 of the approval state (the current version). */
export const approvalStateV1Schema = z
  .strictObject({
    format: z.literal(APPROVAL_STATE_FORMAT),
    version: z.literal(APPROVAL_STATE_VERSION),
    runId: z.string().min(1),
    agentPath: z.string().min(1),
    messages: z.array(messageSchema).min(1),
    pendingCalls: z.array(pendingCallSchema).min(1),
  })
  .superRefine((state, ctx) => {
    const last = state.messages.at(-1);
    if (!last || last.role !== "assistant") {
      ctx.addIssue({ code: "custom", path: ["messages", state.messages.length - 1], message: "The last message must be the assistant turn holding the pending tool calls." });
      return;
    }
    const calls = new Map<string, string>();
    for (const part of last.content) if (part.type === "tool-call") calls.set(part.toolCallId, part.toolName);
    state.pendingCalls.forEach((pending, index) => {
      const name = calls.get(pending.toolCallId);
      if (name === undefined) {
        ctx.addIssue({ code: "custom", path: ["pendingCalls", index, "toolCallId"], message: `"${pending.toolCallId}" is not a tool call of the last assistant message.` });
      } else if (name !== pending.toolName) {
        ctx.addIssue({ code: "custom", path: ["pendingCalls", index, "toolName"], message: `The call "${pending.toolCallId}" is a call of "${name}", not "${pending.toolName}".` });
      }
    });
  });
