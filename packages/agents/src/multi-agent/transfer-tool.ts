import { isBatonError, userMessage, type Message, type Tool } from "@baton/core";
import type { AgentDefinition } from "./agent-definition.js";
import type { Activation, HandoffChain } from "./activation.js";
import { HandoffDepthExceededError } from "./errors.js";
import { handoffOf, isHandoffRecord, type HandoffRecord } from "./handoff-record.js";
import { handoffTranscript } from "./handoff-transcript.js";
import { runNested, summarizeNestedRun } from "./nested-run.js";
import { runSettingsOf } from "./run-settings.js";

/** Prefix of the tool that hands control to an agent: `transfer_to_<name>`. */
export const TRANSFER_TOOL_PREFIX = "transfer_to_";

/** The name of the tool that hands control to the agent `agentName`. */
export function transferToolName(agentName: string): string {
  return `${TRANSFER_TOOL_PREFIX}${agentName}`;
}

/** Arguments of a `transfer_to_<name>` tool. */
export interface TransferArguments {
  /** Why control moves, and what the next agent needs that the conversation does not say. */
  readonly reason?: string;
}

/** The result of a transfer tool that handed control away (JSON-safe: it is kept in checkpoints). */
export interface HandoffResult {
  readonly record: HandoffRecord;
  /** The answer of the chain. */
  readonly text: string;
}

/** Whether `value` is the result of a transfer tool that handed control away. */
export function isHandoffResult(value: unknown): value is HandoffResult {
  if (value === null || typeof value !== "object") return false;
  const result = value as Record<string, unknown>;
  return typeof result.text === "string" && isHandoffRecord(result.record);
}

/** What {@link transferTool} needs. */
export interface TransferToolSetup {
  readonly from: AgentDefinition;
  readonly target: AgentDefinition;
  /** The chain up to (and including) `from`. */
  readonly chain: HandoffChain;
  /** Prepares the target as the next agent of the chain. */
  readonly activate: (definition: AgentDefinition, chain: HandoffChain) => Activation;
}

/**
 * The tool that hands control from `from` to `target`. It refuses a handoff past the
 * chain's `maxHandoffs` ({@link HandoffDepthExceededError}), emits a `handoff` event,
 * runs the target as a nested run (its own instructions, tools and config; the
 * conversation so far as input, read from the run's state) and returns its answer as
 * a {@link HandoffResult}, which the handoff hooks of `from` turn into the end of its
 * run. When the target pauses (an approval, a question), the call pauses with it and
 * continues on resume. Its `effects` are `idempotent`: what it does is the target's
 * tool calls, each journaled (and declared) on its own, so a call of it in doubt on
 * resume runs again.
 */
export function transferTool(setup: TransferToolSetup): Tool<TransferArguments, HandoffResult> {
  const { from, target, chain } = setup;
  return {
    name: transferToolName(target.name),
    description: `Hand the conversation over to the agent "${target.name}": ${target.description} It answers the user in your place; you do not continue.`,
    parameters: {
      type: "object",
      properties: {
        reason: {
          type: "string",
          description: `Why you hand over, and what "${target.name}" needs to know that the conversation does not say (findings so far, what was tried).`,
        },
      },
      additionalProperties: false,
    },
    effects: "idempotent",
    validate: (args) => {
      const reason = args !== null && typeof args === "object" ? (args as Record<string, unknown>).reason : undefined;
      if (args === null || typeof args !== "object" || Array.isArray(args)) return { success: false, issues: ["the arguments must be an object"] };
      if (reason !== undefined && typeof reason !== "string") return { success: false, issues: ["reason: must be a string"] };
      return { success: true, value: reason === undefined || reason.length === 0 ? {} : { reason } };
    },
    execute: async (args, ctx) => {
      try {
        const agents = [...chain.agents, target.name];
        if (agents.length - 1 > chain.maxHandoffs) throw new HandoffDepthExceededError(agents, chain.maxHandoffs);
        ctx.emit({ type: "handoff", from: from.name, to: target.name, ...(args.reason ? { reason: args.reason } : {}) });
        const next = setup.activate(target, { agents, maxHandoffs: chain.maxHandoffs });
        const transcript = handoffTranscript(ctx.messages(), ctx.toolCallId);
        const input: readonly Message[] =
          transcript.length > 0 ? transcript : [userMessage(args.reason ?? "(The conversation was handed over to you without a note.)")];
        const result = await runNested(
          ctx,
          {
            name: target.name,
            input,
            instructions: withHandoffNote(next.instructions, from.name, args.reason),
            tools: next.tools,
            config: next.config,
            ...runSettingsOf(target),
          },
          `Handoff to "${target.name}"`,
        );
        ctx.metadata.subAgent = summarizeNestedRun(target.name, result);
        const onward = handoffOf(result);
        return {
          text: result.text,
          record: {
            from: from.name,
            to: target.name,
            agentPath: result.agentPath,
            answeredBy: onward?.answeredBy ?? target.name,
            chain: onward ? [from.name, ...onward.chain] : [from.name, target.name],
            stopReason: result.stopReason,
          },
        };
      } catch (error) {
        if (isBatonError(error) && !ctx.signal.aborted) ctx.metadata.error = error.toJSON();
        throw error;
      }
    },
  };
}

/** The target's system prompt: its instructions, then who handed over and their note. */
function withHandoffNote(instructions: string, from: string, reason: string | undefined): string {
  const note = `The agent "${from}" handed this conversation over to you${reason ? `. Its note: ${reason}` : "."}`;
  return instructions.length > 0 ? `${instructions}\n\n${note}` : note;
}

/** The result a completed handoff leaves in the conversation (what a later turn's model reads). */
export function handoffResultText(result: HandoffResult): string {
  const { record } = result;
  const via = record.answeredBy === record.to ? "" : ` (via ${record.chain.slice(1).join(" → ")})`;
  return `The conversation was handed over to "${record.to}"${via}. "${record.answeredBy}" answered the user:\n\n${result.text}`;
}
