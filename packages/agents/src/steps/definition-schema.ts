import { z } from "zod";

const toolName = z.string().min(1, "a tool name must not be empty");
const toolList = z.array(toolName);

/** `tool_used`: holds once the named tool is among the recent tools. */
const toolUsedCondition = z.strictObject({
  type: z.literal("tool_used"),
  tool: toolName,
});

/** `sequence_match`: holds when the recent tools end with this sequence (repeats allowed). */
const sequenceMatchCondition = z.strictObject({
  type: z.literal("sequence_match"),
  sequence: z.array(toolName).min(1, "a sequence needs at least one tool"),
});

/** `custom`: holds when the predicate registered under this name returns true. */
const customCondition = z.strictObject({
  type: z.literal("custom"),
  predicate: z.string().min(1, "a predicate name must not be empty"),
});

/** The zod schema of one step condition. */
export const stepConditionSchema = z.discriminatedUnion("type", [toolUsedCondition, sequenceMatchCondition, customCondition]);

/** The zod schema of one orchestration step. */
export const orchestrationStepSchema = z.strictObject({
  name: z.string().min(1, "a step name must not be empty"),
  description: z.string().optional(),
  /** The step that applies when no other step's conditions hold. */
  isDefault: z.boolean().optional(),
  /** All of them must hold for the step to become active. */
  conditions: z.array(stepConditionSchema).optional(),
  /** Tools that must be used in this order; while unfinished only the next one is offered. */
  sequence: z.array(toolName).min(1, "a sequence needs at least one tool").optional(),
  /** Only these tools are offered (after the sequence, if any, is finished). */
  allowedTools: toolList.optional(),
  /** These tools are never offered in this step (applied after `allowedTools`). */
  deniedTools: toolList.optional(),
});

/**
 * The zod schema of a declarative orchestration definition (JSON-safe: custom
 * conditions name their predicate, which is given in code).
 */
export const orchestrationDefinitionSchema = z.strictObject({
  description: z.string().optional(),
  steps: z.array(orchestrationStepSchema).min(1, "an orchestration needs at least one step"),
});

/** One step condition. */
export type StepCondition = z.infer<typeof stepConditionSchema>;
/** One orchestration step. */
export type OrchestrationStep = z.infer<typeof orchestrationStepSchema>;
/** A validated orchestration definition. */
export type OrchestrationDefinition = z.infer<typeof orchestrationDefinitionSchema>;
