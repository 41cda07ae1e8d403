import { redactedCommandArguments } from "./command-arguments.js";
import { redactText } from "./redact-text.js";

/** How deep links are followed from the error (`cause` of a `cause` of …): error chains are short; a deeper one is cut off here. */
const MAX_DEPTH = 8;

/** Replaces the arguments of an ioredis command (`error.command = { name, args }`) that show a password. */
function redactCommand(value: object, secrets: readonly string[]): void {
  const command = (value as { command?: unknown }).command;
  if (typeof command !== "object" || command === null) return;
  const { name, args } = command as { name?: unknown; args?: unknown };
  if (typeof name !== "string" || !Array.isArray(args)) return;
  const redacted = redactedCommandArguments(name, args, secrets);
  if (redacted === undefined) return;
  try {
    // A new array: ioredis' error shares `args` with the command it may send again.
    (command as { args: unknown[] }).args = redacted;
  } catch {
    // A frozen command: left as it is.
  }
}

/**
 * Removes passwords from an error and everything it links to, in place, and returns
 * `error`:
 * - every string property, enumerable or not (`message` and `stack` included), gets
 *   `***` for each of `secrets` at least 4 characters long
 *   (`MIN_SEARCHED_SECRET_LENGTH`; see `redactText`);
 * - the same for the error's `cause` chain, an `AggregateError`'s `errors`, any
 *   error-valued property (ioredis' `lastNodeError`) and any array property (its
 *   strings and the objects in it);
 * - the arguments of an ioredis command (`error.command.{name,args}`, which
 *   `util.inspect` and `JSON.stringify` print) that hold a password, `AUTH [user]
 *   password` and `HELLO protover AUTH user password`, become `***` whatever their
 *   length (the other arguments are redacted like strings).
 *
 * Read-only properties and frozen objects are skipped without throwing; cycles are
 * followed once; links deeper than 8 are not followed. Other objects an error points
 * to (a client, a pool, its options) are left alone: they are the driver's, not the
 * error's. Redacting again changes nothing. A string is returned redacted (it cannot
 * be changed in place); other values are returned as they are.
 *
 * @example
 * const secrets = passwordVariants(urlPassword(url));
 * try {
 *   await client.connect();
 * } catch (error) {
 *   throw new StorageError("Could not connect", { cause: redactError(error, secrets) });
 * }
 */
export function redactError<T>(error: T, secrets: readonly string[]): T {
  if (typeof error === "string") return redactText(error, secrets) as T;
  const seen = new Set<object>();
  const visit = (value: object, depth: number): void => {
    if (seen.has(value) || depth > MAX_DEPTH) return;
    seen.add(value);
    redactCommand(value, secrets);
    const record = value as Record<string, unknown>;
    const inArray = Array.isArray(value);
    for (const key of Object.getOwnPropertyNames(value)) {
      let child: unknown;
      try {
        child = record[key];
      } catch {
        continue;
      }
      if (typeof child === "string") {
        const redacted = redactText(child, secrets);
        if (redacted === child) continue;
        try {
          record[key] = redacted;
        } catch {
          // Read-only (or the object is frozen): left as it is.
        }
      } else if (typeof child === "object" && child !== null) {
        if (inArray || key === "cause" || key === "errors" || child instanceof Error || Array.isArray(child)) visit(child, depth + 1);
      }
    }
  };
  if (typeof error === "object" && error !== null) visit(error, 0);
  return error;
}
