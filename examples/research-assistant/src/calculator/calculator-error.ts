/** An arithmetic expression the calculator cannot evaluate: bad syntax, division by zero, or no finite result. */
export class CalculatorError extends Error {
  /** 1-based position in the expression the error points at, when there is one. */
  readonly position: number | undefined;

  constructor(message: string, position?: number) {
    super(message);
    this.name = "CalculatorError";
    this.position = position;
  }
}
