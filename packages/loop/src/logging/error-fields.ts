import type { BatonError, SerializedError } from "@baton/core";

/** The longest error message a log line carries. */
const MAX_ERROR_MESSAGE_LENGTH = 500;

/** The code and (cut) message of an error, as log fields. Nothing else of it: its details and cause may hold data. */
export function errorFields(error: Pick<SerializedError, "code" | "message"> | BatonError): { errorCode: string; errorMessage: string } {
  const message = error.message.length > MAX_ERROR_MESSAGE_LENGTH ? `${error.message.slice(0, MAX_ERROR_MESSAGE_LENGTH)}…` : error.message;
  return { errorCode: error.code, errorMessage: message };
}
