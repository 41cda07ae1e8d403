/** The wire protocols the provider server speaks (one folder of recorded streams each). */
export type ProviderProtocol = "openai-chat" | "openai-responses" | "anthropic" | "google";

/** How each protocol frames one recorded JSON line, and how its stream ends. */
export const PROTOCOL_FRAMING: Readonly<Record<ProviderProtocol, { frame(line: string): string; readonly end: string }>> = {
  "openai-chat": { frame: (line) => `data: ${line}\n\n`, end: "data: [DONE]\n\n" },
  "openai-responses": { frame: (line) => `event: ${typeOf(line)}\ndata: ${line}\n\n`, end: "" },
  anthropic: { frame: (line) => `event: ${typeOf(line)}\ndata: ${line}\n\n`, end: "" },
  google: { frame: (line) => `data: ${line}\r\n\r\n`, end: "" },
};

function typeOf(line: string): string {
  const type = (JSON.parse(line) as { type?: unknown }).type;
  return typeof type === "string" ? type : "message";
}
