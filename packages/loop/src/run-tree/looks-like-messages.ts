/** Whether `input` looks like messages a provider can read (what `checkInputMessages` checks, with no words for what is wrong). */
export function looksLikeMessages(input: readonly unknown[]): boolean {
  return input.every((message) => {
    if (message === null || typeof message !== "object") return false;
    const { role, content } = message as { role?: unknown; content?: unknown };
    if (role === "system") return typeof content === "string";
    return (
      (role === "user" || role === "assistant" || role === "tool") &&
      Array.isArray(content) &&
      content.every((part: unknown) => part !== null && typeof part === "object" && typeof (part as { type?: unknown }).type === "string")
    );
  });
}
