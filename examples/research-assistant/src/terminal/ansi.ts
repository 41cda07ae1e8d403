/** Text styles for the terminal; each is the identity when colour is off. */
export interface Styles {
  readonly bold: (text: string) => string;
  readonly dim: (text: string) => string;
  readonly green: (text: string) => string;
  readonly red: (text: string) => string;
  readonly cyan: (text: string) => string;
}

/** ANSI styles when `color` is true (stdout is a TTY), plain text otherwise. */
export function styles(color: boolean): Styles {
  const paint = (code: number) => (text: string) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);
  return { bold: paint(1), dim: paint(2), green: paint(32), red: paint(31), cyan: paint(36) };
}
