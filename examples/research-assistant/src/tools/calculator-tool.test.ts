import { describe, expect, it } from "vitest";
import type { ToolExecutionContext } from "@baton/sdk";
import { CalculatorError } from "../calculator/calculator-error.js";
import { calculatorTool } from "./calculator-tool.js";

function context(progress: string[]): ToolExecutionContext {
  return { progress: (message: string) => progress.push(message) } as unknown as ToolExecutionContext;
}

describe("calculator tool", () => {
  it("evaluates the expression, reports progress and summarizes the result", () => {
    const progress: string[] = [];
    const result = calculatorTool.execute({ expression: "(2 + 95) * 2" }, context(progress));
    expect(result).toEqual({ expression: "(2 + 95) * 2", result: 194 });
    expect(progress).toEqual(["evaluating (2 + 95) * 2"]);
    expect(calculatorTool.summarize!({ expression: "2 + 95", result: 97 })).toBe("2 + 95 = 97");
  });

  it("throws a CalculatorError the model can read for bad input", () => {
    expect(() => calculatorTool.execute({ expression: "2 +* 3" }, context([]))).toThrow(CalculatorError);
    expect(calculatorTool.validate!({ expression: "" })).toMatchObject({ success: false });
  });
});
