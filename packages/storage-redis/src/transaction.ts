import type { ChainableCommander } from "ioredis";

/** Runs a `MULTI … EXEC` block and throws the first command error instead of returning it. */
export async function execAtomically(transaction: ChainableCommander): Promise<unknown[]> {
  const replies = await transaction.exec();
  if (replies === null) throw new Error("the transaction was aborted");
  return replies.map(([error, reply]) => {
    if (error) throw error;
    return reply;
  });
}
