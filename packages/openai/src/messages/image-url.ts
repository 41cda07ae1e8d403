import type { ImagePart } from "@baton/core";

/**
 * The URL OpenAI reads an image from: the part's `url`, or a `data:` URL built from its
 * base64 `data` and media type.
 *
 * @example imageUrl({ type: "image", mediaType: "image/png", data: "iVBOR..." }) // "data:image/png;base64,iVBOR..."
 */
export function imageUrl(part: ImagePart): string {
  if (part.data !== undefined) return `data:${part.mediaType};base64,${part.data}`;
  return part.url ?? "";
}
