/** What replaces a secret in an error. */
export const REDACTED = "***";

/** Secrets shorter than this are only redacted where their place is known (`AUTH` arguments), not searched for in text. */
const MIN_SEARCHED_LENGTH = 4;

/** The passwords a client was configured with (its own and its Sentinels'), to keep out of errors. */
export function secretsOf(options: { readonly password?: string | null; readonly sentinelPassword?: string | null } | undefined): string[] {
  const secrets = new Set<string>();
  for (const secret of [options?.password, options?.sentinelPassword]) {
    if (typeof secret !== "string" || secret === "") continue;
    secrets.add(secret);
    secrets.add(encodeURIComponent(secret));
  }
  return [...secrets];
}

function scrubText(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) if (secret.length >= MIN_SEARCHED_LENGTH) result = result.split(secret).join(REDACTED);
  return result;
}

/** `AUTH [user] password` and `HELLO protover AUTH user password`: the arguments that hold a password, as redacted copies. */
function redactedArgs(name: string, args: readonly unknown[]): unknown[] | undefined {
  const command = name.toLowerCase();
  if (command === "auth") return args.map(() => REDACTED);
  if (command === "hello") {
    const at = args.findIndex((arg) => String(arg).toUpperCase() === "AUTH");
    if (at === -1) return undefined;
    return args.map((arg, index) => (index === at + 2 ? REDACTED : arg));
  }
  return undefined;
}

/**
 * Removes passwords from a driver error and everything it links to, in place: the
 * arguments of `AUTH` / `HELLO … AUTH` in ioredis' `error.command.args` (which
 * `console.error` and `util.inspect` print), and any occurrence of `secrets` in
 * messages, stacks and other string properties. Follows `cause`, `errors`
 * (AggregateError) and error-valued properties (`lastNodeError`). Returns `error`.
 */
export function redactError<T>(error: T, secrets: readonly string[]): T {
  const seen = new Set<object>();
  const visit = (value: unknown, depth: number): void => {
    if (typeof value !== "object" || value === null || seen.has(value) || depth > 8) return;
    seen.add(value);
    const record = value as Record<string, unknown>;
    const command = record.command;
    if (typeof command === "object" && command !== null) {
      const { name, args } = command as { name?: unknown; args?: unknown };
      if (typeof name === "string" && Array.isArray(args)) {
        const redacted = redactedArgs(name, args);
        const replaced = (redacted ?? args).map((arg) => (typeof arg === "string" ? scrubText(arg, secrets) : arg));
        try {
          (command as { args: unknown[] }).args = replaced;
        } catch {
          // A frozen command: leave it (nothing Baton creates is frozen).
        }
      }
    }
    for (const key of Object.getOwnPropertyNames(value)) {
      let child: unknown;
      try {
        child = record[key];
      } catch {
        continue;
      }
      if (typeof child === "string") {
        const scrubbed = scrubText(child, secrets);
        if (scrubbed !== child) {
          try {
            record[key] = scrubbed;
          } catch {
            // Read-only: nothing to do.
          }
        }
      } else if (key === "cause" || key === "errors" || child instanceof Error || Array.isArray(child)) {
        if (Array.isArray(child)) for (const item of child) visit(item, depth + 1);
        else visit(child, depth + 1);
      }
    }
  };
  visit(error, 0);
  return error;
}
