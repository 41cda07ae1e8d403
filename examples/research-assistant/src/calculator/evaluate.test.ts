import { describe, expect, it } from "vitest";
import { CalculatorError } from "./calculator-error.js";
import { evaluate } from "./evaluate.js";

describe("evaluate", () => {
  it.each([
    ["2 + 95", 97],
    ["2 + 3 * 4", 14],
    ["2 * 3 + 4", 10],
    ["10 - 4 - 3", 3],
    ["100 / 10 / 5", 2],
    ["8 - 2 * 3 / 4", 6.5],
  ])("applies precedence and left associativity: %s = %d", (expression, expected) => {
    expect(evaluate(expression)).toBe(expected);
  });

  it.each([
    ["(2 + 3) * 4", 20],
    ["2 * (3 + (4 - 1)) ^ 2", 72],
    ["((7))", 7],
  ])("honours parentheses: %s = %d", (expression, expected) => {
    expect(evaluate(expression)).toBe(expected);
  });

  it.each([
    ["-3 + 5", 2],
    ["-(2 + 3)", -5],
    ["4 * -2", -8],
    ["--4", 4],
    ["-2 ^ 2", -4],
    ["(-2) ^ 2", 4],
    ["2 ^ -1", 0.5],
  ])("handles unary minus: %s = %d", (expression, expected) => {
    expect(evaluate(expression)).toBe(expected);
  });

  it("groups powers to the right and reads decimals", () => {
    expect(evaluate("2 ^ 3 ^ 2")).toBe(512);
    expect(evaluate("1.5 * 4")).toBe(6);
    expect(evaluate(".5 + 2.")).toBe(2.5);
    expect(evaluate("0.1 + 0.2")).toBe(0.3);
  });

  it("explains bad syntax with the position of the problem", () => {
    expect(() => evaluate("2 +* 3")).toThrow(CalculatorError);
    expect(() => evaluate("2 +* 3")).toThrow('Invalid expression "2 +* 3": expected a number or "(" at position 4 but found "*".');
    expect(() => evaluate("2 +")).toThrow(/expected a number or "\(" at the end/);
    expect(() => evaluate("(1 + 2")).toThrow(/the "\(" at position 1 is never closed/);
    expect(() => evaluate("1 + 2)")).toThrow(/unexpected "\)" at position 6/);
    expect(() => evaluate("2 3")).toThrow(/unexpected "3" at position 3/);
    expect(() => evaluate("2 x 3")).toThrow(/unexpected character "x" at position 3/);
    expect(() => evaluate("   ")).toThrow(/empty/);
    try {
      evaluate("2 +* 3");
    } catch (error) {
      expect((error as CalculatorError).position).toBe(4);
    }
  });

  it("refuses division by zero and results that are not finite real numbers", () => {
    expect(() => evaluate("1 / 0")).toThrow('Division by zero in "1 / 0" (the "/" at position 3).');
    expect(() => evaluate("5 / (2 - 2)")).toThrow(/Division by zero/);
    expect(() => evaluate("0 ^ -1")).toThrow(/Division by zero/);
    expect(() => evaluate("10 ^ 400")).toThrow(/too large/);
    expect(() => evaluate("(-8) ^ 0.5")).toThrow(/no real-number result/);
  });
});
