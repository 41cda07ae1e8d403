export { toUiMessageStream } from "./to-ui-message-stream.js";
export {
  uiMessageStreamResponse,
  encodeUiMessageChunk,
  UI_MESSAGE_STREAM_HEADERS,
  UI_MESSAGE_STREAM_DONE,
  type UiMessageStreamResponseInit,
} from "./ui-message-stream-response.js";
export { UiMessageStreamMapper } from "./ui-message-stream-mapper.js";
export type { ToUiMessageStreamOptions } from "./to-ui-message-stream-options.js";
export type { UiMessageChunk, BatonDataChunk, UiFinishReason } from "./ui-message-chunk.js";
export { toUiFinishReason } from "./finish-reason.js";
export type {
  BatonAgentData,
  BatonAgentPart,
  BatonProgressGroupData,
  BatonToolProgressData,
  BatonPlanData,
  BatonUiDataTypes,
} from "./baton-ui-data.js";
export { UiMessageChunkIterator } from "./ui-message-chunk-iterator.js";
