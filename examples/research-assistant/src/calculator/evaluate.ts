import { CalculatorError } from "./calculator-error.js";
import { tokenize, type SymbolText, type Token } from "./tokenize.js";

/**
 * Evaluates an arithmetic expression with a recursive-descent parser (no `eval`):
 * `+ - * /`, `^` for powers, parentheses, unary minus and decimals, with the usual
 * precedence. `^` binds tighter than unary minus and groups to the right, so
 * `-2 ^ 2` is -4 and `2 ^ 3 ^ 2` is 512.
 *
 * Grammar:
 * ```
 * expression := term (("+" | "-") term)*
 * term       := unary (("*" | "/") unary)*
 * unary      := "-" unary | power
 * power      := primary ("^" unary)?
 * primary    := number | "(" expression ")"
 * ```
 *
 * The result is rounded to 12 significant digits, so `0.1 + 0.2` is 0.3.
 *
 * @example evaluate("2 * (3 + 4) ^ 2") // 98
 * @throws CalculatorError for bad syntax ("2 +* 3"), division by zero, or a result
 *   that is not a finite real number.
 */
export function evaluate(expression: string): number {
  const value = new Parser(expression, tokenize(expression)).parse();
  if (Number.isNaN(value)) throw new CalculatorError(`"${expression}" has no real-number result.`);
  if (!Number.isFinite(value)) throw new CalculatorError(`The result of "${expression}" is too large to represent.`);
  const rounded = Number.parseFloat(value.toPrecision(12));
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** Parses and evaluates one token list; one method per grammar rule. */
class Parser {
  private index = 0;

  constructor(
    private readonly source: string,
    private readonly tokens: readonly Token[],
  ) {}

  parse(): number {
    if (this.tokens.length === 0) throw new CalculatorError("The expression is empty: give an arithmetic expression such as 2 + 3 * 4.");
    const value = this.expression();
    const extra = this.peek();
    if (extra !== undefined) throw this.error(`unexpected "${extra.text}" at position ${extra.position}`, extra.position);
    return value;
  }

  private expression(): number {
    let value = this.term();
    for (let op = this.symbol("+", "-"); op !== undefined; op = this.symbol("+", "-")) {
      const right = this.term();
      value = op.text === "+" ? value + right : value - right;
    }
    return value;
  }

  private term(): number {
    let value = this.unary();
    for (let op = this.symbol("*", "/"); op !== undefined; op = this.symbol("*", "/")) {
      const right = this.unary();
      if (op.text === "/" && right === 0) throw new CalculatorError(`Division by zero in "${this.source}" (the "/" at position ${op.position}).`, op.position);
      value = op.text === "*" ? value * right : value / right;
    }
    return value;
  }

  private unary(): number {
    if (this.symbol("-") !== undefined) return -this.unary();
    return this.power();
  }

  private power(): number {
    const base = this.primary();
    const op = this.symbol("^");
    if (op === undefined) return base;
    const exponent = this.unary();
    if (base === 0 && exponent < 0) throw new CalculatorError(`Division by zero in "${this.source}": 0 raised to a negative power.`, op.position);
    return base ** exponent;
  }

  private primary(): number {
    const token = this.peek();
    if (token?.kind === "number") {
      this.index++;
      return token.value;
    }
    const open = this.symbol("(");
    if (open !== undefined) {
      const value = this.expression();
      if (this.symbol(")") === undefined) {
        const found = this.peek();
        throw found === undefined
          ? this.error(`the "(" at position ${open.position} is never closed`, open.position)
          : this.error(`expected ")" at position ${found.position} but found "${found.text}"`, found.position);
      }
      return value;
    }
    throw token === undefined
      ? this.error('expected a number or "(" at the end', this.source.length + 1)
      : this.error(`expected a number or "(" at position ${token.position} but found "${token.text}"`, token.position);
  }

  /** Consumes and returns the next token when it is one of `texts`. */
  private symbol(...texts: SymbolText[]): (Token & { kind: "symbol" }) | undefined {
    const token = this.peek();
    if (token?.kind !== "symbol" || !texts.includes(token.text)) return undefined;
    this.index++;
    return token;
  }

  private peek(): Token | undefined {
    return this.tokens[this.index];
  }

  private error(detail: string, position: number): CalculatorError {
    return new CalculatorError(`Invalid expression "${this.source}": ${detail}.`, position);
  }
}
