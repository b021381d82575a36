/**
 * Gives the main thread back, so long work (the working set's refresh, writing the cache to
 * disk) never holds it for long: input and rendering run in between. Where `scheduler.yield` is
 * missing (Safari, Firefox, older tablet browsers) a message to itself is the next best: unlike a
 * zero timeout it is not clamped to 4 ms once nested, and a refresh yields hundreds of times.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  if (typeof MessageChannel === 'undefined') {
    return new Promise((resolve) => setTimeout(resolve, 0));
  }
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
