import { CalculatorError } from "./calculator-error.js";

/** An operator or parenthesis of an arithmetic expression. */
export type SymbolText = "+" | "-" | "*" | "/" | "^" | "(" | ")";

/** One token of an arithmetic expression, with its 1-based position. */
export type Token =
  | { readonly kind: "number"; readonly value: number; readonly text: string; readonly position: number }
  | { readonly kind: "symbol"; readonly text: SymbolText; readonly position: number };

const SYMBOLS = new Set<string>(["+", "-", "*", "/", "^", "(", ")"]);
const NUMBER = /\d+(?:\.\d*)?|\.\d+/y;
const SPACE = /\s/;

/**
 * Splits an arithmetic expression into numbers (decimals allowed: `3`, `2.5`, `.5`)
 * and the symbols `+ - * / ^ ( )`. Throws a {@link CalculatorError} naming the
 * first character that is neither.
 *
 * @example tokenize("2*(3 + .5)") // 2, *, (, 3, +, 0.5, )
 */
export function tokenize(expression: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < expression.length) {
    const char = expression[index]!;
    if (SPACE.test(char)) {
      index++;
      continue;
    }
    if (SYMBOLS.has(char)) {
      tokens.push({ kind: "symbol", text: char as SymbolText, position: index + 1 });
      index++;
      continue;
    }
    NUMBER.lastIndex = index;
    const match = NUMBER.exec(expression);
    if (match === null) {
      throw new CalculatorError(
        `Invalid expression "${expression}": unexpected character "${char}" at position ${index + 1}. Use numbers, + - * / ^ and parentheses.`,
        index + 1,
      );
    }
    tokens.push({ kind: "number", value: Number(match[0]), text: match[0], position: index + 1 });
    index += match[0].length;
  }
  return tokens;
}
