import { ConfigurationError, InvalidToolSchemaError, errorMessage, type JsonSchema, type Message, type ToolArgumentsCheck } from "@baton/core";
import { z } from "zod";
import type { AgentToolOptions } from "./agent-definition.js";

/** How an agent tool reads its arguments: their schema, their check, and the agent's input made from them. */
export interface AgentInput<TArgs> {
  readonly parameters: JsonSchema;
  validate(args: unknown): ToolArgumentsCheck<TArgs>;
  format(args: TArgs): string | readonly Message[];
}

/** The default arguments of an agent tool: one string, `input`. */
interface TaskArguments {
  readonly input: string;
}

/** The arguments of an agent tool, from its options: the default `input` string or the given zod schema. */
export function agentInput<TInput>(toolName: string, agentName: string, options: AgentToolOptions<TInput>): AgentInput<unknown> {
  const schema = options.inputSchema;
  if (!schema) {
    const format = options.formatInput as ((args: TaskArguments) => string | readonly Message[]) | undefined;
    return {
      parameters: {
        type: "object",
        properties: {
          input: { type: "string", description: `The task for "${agentName}", with everything it needs to know: it does not see this conversation.` },
        },
        required: ["input"],
        additionalProperties: false,
      },
      validate: (args) => {
        const input = args !== null && typeof args === "object" ? (args as Record<string, unknown>).input : undefined;
        if (typeof input !== "string" || input.trim().length === 0) return { success: false, issues: ["input: a non-empty string is required"] };
        return { success: true, value: { input } };
      },
      format: (args) => (format ? format(args as TaskArguments) : (args as TaskArguments).input),
    };
  }
  const format = options.formatInput;
  return {
    parameters: jsonSchemaOf(toolName, schema),
    validate: (args) => {
      const parsed = schema.safeParse(args);
      if (parsed.success) return { success: true, value: parsed.data };
      return {
        success: false,
        issues: parsed.error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "(arguments)"}: ${issue.message}`),
      };
    },
    format: (args) => (format ? format(args as TInput) : JSON.stringify(args, null, 2)),
  };
}

/** The JSON Schema of an object zod schema (input side, draft 7, reused schemas inlined). */
function jsonSchemaOf(toolName: string, schema: z.ZodType): JsonSchema {
  let converted: Record<string, unknown>;
  try {
    converted = z.toJSONSchema(schema, { io: "input", target: "draft-7", reused: "inline" }) as Record<string, unknown>;
  } catch (error) {
    throw new InvalidToolSchemaError(toolName, `zod could not convert the input schema to JSON Schema: ${errorMessage(error)}`, { cause: error });
  }
  if (converted.type !== "object") throw new ConfigurationError(`Agent tool "${toolName}": the input schema must describe an object.`);
  const { $schema: _dropped, ...rest } = converted;
  return rest as JsonSchema;
}
