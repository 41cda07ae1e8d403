import { z } from "zod";

const toolName = z.string().regex(/^[A-Za-z0-9_-]+$/, 'A tool name holds letters, digits, "_" and "-" only.');
const positiveInt = z.int().positive();

/** The limits of an agent template. */
const limitsSchema = z.strictObject({
  /** Tool calls the agent may make per run. */
  toolCallLimit: positiveInt.optional(),
  /** Model calls per run. */
  maxIterations: positiveInt.optional(),
  /** Output tokens per model call. */
  maxOutputTokens: positiveInt.optional(),
  temperature: z.number().min(0).max(2).optional(),
  /** Default per-tool timeout in ms. */
  toolTimeoutMs: positiveInt.optional(),
  /** Total tokens the run may use. */
  tokenBudget: positiveInt.optional(),
  /** US dollars the run may spend. */
  costBudget: z.number().positive().optional(),
});

/** What an agent built from the template may store (see `DataPolicy` of `@baton/core`). */
const dataPolicySchema = z.strictObject({
  storeText: z.boolean().optional(),
  storeToolCalls: z.boolean().optional(),
  storeToolResults: z.boolean().optional(),
  /** Only these tools' calls are stored (all when absent). */
  allowedToolCalls: z.array(toolName).optional(),
  /** Only these tools' results are stored (all when absent). */
  allowedToolResults: z.array(toolName).optional(),
});

/**
 * Schema of an agent template: an agent defined as JSON. Unknown fields are errors
 * (so a misspelt field is not silently ignored); `steps` is an orchestration
 * definition, checked by `parseAgentTemplate` against the steps' own schema.
 */
export const agentTemplateSchema = z
  .strictObject({
    /** JSON Schema reference for editors; ignored. */
    $schema: z.string().optional(),
    /** The agent's name (the root of its agent paths). */
    name: z.string().regex(/^[\w.-]+$/, 'A name holds letters, digits, "_", "-" and "." only.'),
    description: z.string().optional(),
    /** The system prompt. */
    instructions: z.string().min(1, "Instructions must not be empty."),
    /** The model id. */
    model: z.string().min(1, "A model id must not be empty."),
    /** The name of the provider, among those given to `agentFromTemplate`. */
    provider: z.string().min(1).optional(),
    /** Tools by name, resolved by `agentFromTemplate`. */
    tools: z.array(toolName).optional(),
    limits: limitsSchema.optional(),
    /** Tools whose calls do not count against the tool-call limit. */
    nonIterativeTools: z.array(toolName).optional(),
    useParallelTools: z.boolean().optional(),
    finalAnswerInstruction: z.string().min(1).optional(),
    dataPolicy: dataPolicySchema.optional(),
    /** Orchestration steps (an orchestration definition); `parseAgentTemplate` validates them, `createOrchestration(template.steps, …)` runs them. */
    steps: z.unknown().optional(),
  })
  .superRefine((template, ctx) => {
    const tools = template.tools ?? [];
    const seen = new Set<string>();
    tools.forEach((name, index) => {
      if (seen.has(name)) ctx.addIssue({ code: "custom", path: ["tools", index], message: `"${name}" is listed twice.` });
      seen.add(name);
    });
    const mustBeTools = (path: readonly (string | number)[], names: readonly string[] | undefined): void => {
      names?.forEach((name, index) => {
        if (!seen.has(name))
          ctx.addIssue({
            code: "custom",
            path: [...path, index],
            message: `"${name}" is not one of the template's tools (${tools.length > 0 ? tools.join(", ") : "none"}).`,
          });
      });
    };
    mustBeTools(["nonIterativeTools"], template.nonIterativeTools);
    mustBeTools(["dataPolicy", "allowedToolCalls"], template.dataPolicy?.allowedToolCalls);
    mustBeTools(["dataPolicy", "allowedToolResults"], template.dataPolicy?.allowedToolResults);
  });

/** An agent template, as parsed. */
export type AgentTemplate = z.output<typeof agentTemplateSchema>;
