import { REDACTED, redactText } from "./redact-text.js";

/** The indexes of the arguments of a Redis command that hold a password: `AUTH [user] password`, `HELLO protover AUTH user password`. */
function passwordArguments(name: string, args: readonly unknown[]): Set<number> {
  const command = name.toLowerCase();
  if (command === "auth") return new Set(args.keys());
  if (command === "hello") {
    const at = args.findIndex((arg) => String(arg).toUpperCase() === "AUTH");
    if (at !== -1) return new Set([at + 2]);
  }
  return new Set();
}

/**
 * The arguments of a Redis command as they may be shown: those that hold a password
 * (see above) replaced by {@link REDACTED} whatever their length, the other strings
 * with `secrets` redacted. `undefined` when nothing changes.
 */
export function redactedCommandArguments(name: string, args: readonly unknown[], secrets: readonly string[]): unknown[] | undefined {
  const passwords = passwordArguments(name, args);
  let changed = false;
  const redacted = args.map((arg, index) => {
    const shown = passwords.has(index) ? REDACTED : typeof arg === "string" ? redactText(arg, secrets) : arg;
    if (shown !== arg) changed = true;
    return shown;
  });
  return changed ? redacted : undefined;
}
