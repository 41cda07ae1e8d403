import { defineTool } from "@baton/sdk";
import { z } from "zod";
import { evaluate } from "../calculator/evaluate.js";

/** What `calculator` returns. */
export interface CalculatorResult {
  readonly expression: string;
  readonly result: number;
}

/**
 * The `calculator` tool: evaluates an arithmetic expression (`+ - * / ^`,
 * parentheses, unary minus, decimals) with the example's own parser. Bad input and
 * division by zero become error results the model can read.
 */
export const calculatorTool = defineTool({
  name: "calculator",
  description: 'Evaluates an arithmetic expression with + - * / ^ (power), parentheses, unary minus and decimals, e.g. "(2 + 95) * 1.5".',
  parameters: z.object({
    expression: z.string().min(1).max(200).describe("The arithmetic expression to evaluate."),
  }),
  selectionRule: "Use for any arithmetic instead of computing in your head.",
  execute: ({ expression }, ctx): CalculatorResult => {
    ctx.progress(`evaluating ${expression}`);
    return { expression, result: evaluate(expression) };
  },
  summarize: ({ expression, result }) => `${expression} = ${result}`,
});
