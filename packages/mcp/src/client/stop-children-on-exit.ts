/** Server processes of open stdio sessions, stopped when this process exits. */
const children = new Set<number>();
let listening = false;

function stopChildren(): void {
  for (const pid of children) {
    try {
      process.kill(pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
}

/**
 * Makes sure the server process `pid` does not outlive this process: when this process
 * exits (`process.exit()`, the end of the event loop, an uncaught error) the process is
 * sent SIGTERM, also a server that ignores the end of its stdin. One `exit` listener
 * serves every connection. Returns a function that forgets the process (after `close()`).
 */
export function stopOnExit(pid: number): () => void {
  children.add(pid);
  if (!listening) {
    listening = true;
    process.on("exit", stopChildren);
  }
  return () => {
    children.delete(pid);
  };
}
