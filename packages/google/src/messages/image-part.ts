import { InvalidRequestError, type ImagePart } from "@baton/core";
import type { GeminiPart } from "../sdk-types.js";

const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/s;

/**
 * An image content part as Gemini takes it: inline base64 bytes become `inlineData`,
 * a `data:` URL is decoded into `inlineData` too, and any other URL becomes
 * `fileData` (a Files API URI, a `gs://` URI on Vertex AI, or a public URL the
 * model may fetch).
 *
 * @example toGeminiImagePart({ type: "image", mediaType: "image/png", data: "iVBORw0…" })
 * // { inlineData: { mimeType: "image/png", data: "iVBORw0…" } }
 */
export function toGeminiImagePart(image: ImagePart): GeminiPart {
  if (image.data !== undefined) return { inlineData: { mimeType: image.mediaType, data: image.data } };
  if (image.url === undefined) {
    throw new InvalidRequestError("an image part has neither `data` nor `url`.", { provider: "google" });
  }
  const dataUrl = DATA_URL.exec(image.url);
  if (!dataUrl) return { fileData: { mimeType: image.mediaType, fileUri: image.url } };
  const [, mimeType, parameters, payload] = dataUrl;
  const data = parameters!.split(";").includes("base64") ? payload! : Buffer.from(decodeURIComponent(payload!), "utf8").toString("base64");
  return { inlineData: { mimeType: mimeType || image.mediaType, data } };
}
