import { passwordVariants } from "@baton/core/secrets";

/**
 * The passwords a client was configured with (its own and its Sentinels'), in the forms
 * they take in text, to keep out of errors with `redactError` of `@baton/core/secrets`.
 */
export function secretsOf(options: { readonly password?: string | null; readonly sentinelPassword?: string | null } | undefined): string[] {
  return passwordVariants(options?.password, options?.sentinelPassword);
}
