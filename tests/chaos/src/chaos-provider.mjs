// A local OpenAI-compatible server (Chat Completions, streamed) that plays the chaos
// agent's model: it reads the plan and the tool results from each request and streams
// the next turn, as `chaosModel()` does in process. Fault windows make it answer 500,
// 503 with `retry-after`, stall a stream after its first chunk (until the client gives
// up), or cut the connection mid-stream. Runs reach it through the real OpenAI adapter
// (`@baton/openai` on the official SDK) with the provider's own retries and idle timeout.
import { createServer } from "node:http";
import { nextTurn } from "./chaos-agent.mjs";

/** How a fault window answers. */
export const PROVIDER_FAULTS = Object.freeze(["500", "503", "stall", "cut"]);

/** The request's messages as the chaos model reads them (core's shape, from OpenAI's). */
function coreMessages(messages) {
  return messages.map((message) => {
    if (message.role === "tool") {
      let result = message.content;
      try {
        result = JSON.parse(message.content);
      } catch {
        // A plain-text result (an error).
      }
      return { role: "tool", content: [{ type: "tool-result", toolCallId: message.tool_call_id, result }] };
    }
    const text = typeof message.content === "string" ? message.content : (message.content ?? []).map((part) => part.text ?? "").join("");
    return { role: message.role, content: [{ type: "text", text }] };
  });
}

const chunk = (id, choices, extra = {}) =>
  `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created: 0, model: "chaos-model", choices, ...extra })}\n\n`;

/** The SSE frames of one turn. */
function framesOf(turn, id) {
  const frames = [chunk(id, [{ index: 0, delta: { role: "assistant", content: turn.text }, finish_reason: null }])];
  for (const [index, call] of (turn.toolCalls ?? []).entries()) {
    frames.push(
      chunk(id, [
        {
          index: 0,
          delta: { tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: JSON.stringify(call.arguments) } }] },
          finish_reason: null,
        },
      ]),
    );
  }
  frames.push(chunk(id, [{ index: 0, delta: {}, finish_reason: turn.toolCalls ? "tool_calls" : "stop" }]));
  frames.push(chunk(id, [], { usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 } }));
  frames.push("data: [DONE]\n\n");
  return frames;
}

/** Starts the server on 127.0.0.1. `open(mode)` opens a fault window and returns its `close()`. */
export async function startChaosProvider() {
  let fault;
  let requests = 0;
  let faulted = 0;
  const sockets = new Set();
  const server = createServer(async (req, res) => {
    requests++;
    const chunks = [];
    for await (const part of req) chunks.push(part);
    const mode = fault;
    if (mode !== undefined) faulted++;
    if (mode === "500" || mode === "503") {
      res.writeHead(Number(mode), { "content-type": "application/json", ...(mode === "503" ? { "retry-after-ms": "30" } : {}) });
      res.end(JSON.stringify({ error: { message: mode === "500" ? "The server had an error." : "The engine is overloaded.", type: "server_error" } }));
      return;
    }
    let turn;
    try {
      turn = nextTurn(coreMessages(JSON.parse(Buffer.concat(chunks).toString("utf8")).messages));
    } catch (error) {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: `chaos provider: ${error.message}`, type: "invalid_request_error" } }));
      return;
    }
    const frames = framesOf(turn, `chatcmpl-${requests}`);
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    if (turn.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, turn.delayMs));
    if (mode === "stall") {
      // The first chunk, then nothing until the client gives up.
      res.write(frames[0]);
      return;
    }
    if (mode === "cut") {
      res.write(frames[0]);
      res.socket?.destroy();
      return;
    }
    for (const frame of frames) res.write(frame);
    res.end();
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/v1`,
    get requests() {
      return requests;
    },
    get faulted() {
      return faulted;
    },
    open(mode) {
      fault = mode;
      return () => (fault = undefined);
    },
    /** Whether it still listens. */
    get listening() {
      return server.listening;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
