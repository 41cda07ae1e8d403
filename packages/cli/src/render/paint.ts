/** The styles the terminal renderer uses. */
export type Style = "green" | "red" | "yellow" | "cyan" | "dim" | "bold";

const CODES: Readonly<Record<Style, readonly [number, number]>> = {
  green: [32, 39],
  red: [31, 39],
  yellow: [33, 39],
  cyan: [36, 39],
  dim: [2, 22],
  bold: [1, 22],
};

/** Wraps `text` in the ANSI codes of `style`, or returns it as is when `enabled` is false (`NO_COLOR`). */
export function paint(style: Style, text: string, enabled: boolean): string {
  if (!enabled) return text;
  const [open, close] = CODES[style];
  return `\u001B[${open}m${text}\u001B[${close}m`;
}
