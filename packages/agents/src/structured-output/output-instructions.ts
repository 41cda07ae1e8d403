import { z } from "zod";

/**
 * The instruction telling the model the shape of its final answer: a JSON value
 * matching the schema (given as JSON Schema), and nothing else.
 *
 * @example
 * const text = structuredOutputInstructions(z.object({ title: z.string() }));
 */
export function structuredOutputInstructions(schema: z.ZodType): string {
  const { $schema: _ignored, ...jsonSchema } = z.toJSONSchema(schema, { unrepresentable: "any" }) as Record<string, unknown>;
  return (
    "When you give your final answer (a turn without tool calls), answer with a single JSON value " +
    "that matches this JSON Schema, and nothing else (a ```json code fence around it is fine):\n" +
    JSON.stringify(jsonSchema, null, 2)
  );
}
