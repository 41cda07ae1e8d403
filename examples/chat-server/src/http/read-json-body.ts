import type { IncomingMessage } from "node:http";
import { HttpError } from "./http-error.js";

/**
 * Reads a request's JSON body, at most `limitBytes` long. Throws an
 * {@link HttpError}: 415 when the content type is not JSON, 413 when the body is
 * too long, 400 when it is not valid JSON.
 */
export async function readJsonBody(req: IncomingMessage, limitBytes = 16_384): Promise<unknown> {
  const type = req.headers["content-type"] ?? "";
  if (!/^application\/json\b/i.test(type)) throw new HttpError(415, "UNSUPPORTED_MEDIA_TYPE", "Send the body as application/json.");
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > limitBytes) throw new HttpError(413, "PAYLOAD_TOO_LARGE", `The body is longer than ${limitBytes} bytes.`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
  } catch {
    throw new HttpError(400, "INVALID_JSON", "The body is not valid JSON.");
  }
}
