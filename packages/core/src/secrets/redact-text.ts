/** What replaces a secret in an error or a text. */
export const REDACTED = "***";

/**
 * Secrets shorter than this (in characters) are not searched for in text: they would
 * match ordinary words. They are still redacted where their place is known (the
 * arguments of a Redis `AUTH`, see `redactError`).
 */
export const MIN_SEARCHED_SECRET_LENGTH = 4;

/** The secrets searched for in text: long enough, without duplicates, longest first (so no part of a longer one is left behind). */
function searchedSecrets(secrets: readonly string[]): string[] {
  return [...new Set(secrets)].filter((secret) => secret.length >= MIN_SEARCHED_SECRET_LENGTH).sort((a, b) => b.length - a.length);
}

/**
 * `text` with every occurrence of each of `secrets` replaced by {@link REDACTED}
 * (`"***"`). Secrets shorter than {@link MIN_SEARCHED_SECRET_LENGTH} are left alone.
 *
 * @example
 * redactText("could not log in with hunter22", ["hunter22"]); // "could not log in with ***"
 */
export function redactText(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of searchedSecrets(secrets)) if (result.includes(secret)) result = result.split(secret).join(REDACTED);
  return result;
}
