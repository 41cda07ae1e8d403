import { InvalidRequestError, type ImagePart } from "@baton/core";
import { PROVIDER } from "../errors/provider-id.js";
import type { AnthropicImageBlockParam } from "../sdk-types.js";

/** The media types the Messages API accepts for inline (base64) images. */
export const ANTHROPIC_IMAGE_MEDIA_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;

type InlineMediaType = (typeof ANTHROPIC_IMAGE_MEDIA_TYPES)[number];

function isInlineMediaType(mediaType: string): mediaType is InlineMediaType {
  return (ANTHROPIC_IMAGE_MEDIA_TYPES as readonly string[]).includes(mediaType);
}

/**
 * An `image` block: inline bytes as a `base64` source, otherwise a `url` source.
 * Throws `InvalidRequestError` for an inline media type the API does not take, or
 * an image with neither `data` nor `url`.
 *
 * @example toImageBlock({ type: "image", mediaType: "image/png", data: "iVBOR…" })
 * // { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBOR…" } }
 */
export function toImageBlock(image: ImagePart): AnthropicImageBlockParam {
  if (image.data !== undefined) {
    const mediaType = image.mediaType.toLowerCase();
    if (!isInlineMediaType(mediaType)) {
      throw new InvalidRequestError(
        `inline image media type "${image.mediaType}" is not supported; use one of ${ANTHROPIC_IMAGE_MEDIA_TYPES.join(", ")} or pass a url`,
        { provider: PROVIDER },
      );
    }
    return { type: "image", source: { type: "base64", media_type: mediaType, data: image.data } };
  }
  if (image.url !== undefined) return { type: "image", source: { type: "url", url: image.url } };
  throw new InvalidRequestError("an image part needs either data or url", { provider: PROVIDER });
}
