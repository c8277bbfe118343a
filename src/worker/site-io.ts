/** Small stream and scheduling helpers of the Site worker (WebKit has no async iteration of streams). */

/** A stream's chunks as an async iterable; stopping early cancels the stream. */
export async function* streamChunks<T>(stream: ReadableStream<T>): AsyncGenerator<T> {
  const reader = stream.getReader();
  let done = false;
  try {
    for (;;) {
      const r = await reader.read();
      if (r.done) {
        done = true;
        return;
      }
      yield r.value;
    }
  } finally {
    if (!done) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

let channel: MessageChannel | null = null;
const waiting: (() => void)[] = [];

/** Resolves after the messages already waiting have been handled (a task boundary, without setTimeout's clamping). */
export function yieldToMessages(): Promise<void> {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => waiting.shift()?.();
  }
  return new Promise((resolve) => {
    waiting.push(resolve);
    channel!.port2.postMessage(null);
  });
}
