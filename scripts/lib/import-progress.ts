import { SingleBar } from 'cli-progress';

/** What the import bar shows: the share of the file read, products written, their rate and the time left. */
export interface ImportProgress {
  /** Counts bytes as the file is read; the bar's share and time left follow them. */
  count(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array>;
  products(written: number): void;
  stop(): void;
}

/** A progress bar over a file of `totalBytes` (on a terminal; a line every 10 s otherwise). */
export function importProgress(totalBytes: number, label: string): ImportProgress {
  const started = performance.now();
  let bytes = 0;
  let written = 0;
  const payload = () => {
    const seconds = (performance.now() - started) / 1000;
    const rate = seconds > 0 ? Math.round(written / seconds) : 0;
    const left = bytes > 0 ? (seconds * (totalBytes - bytes)) / bytes : Number.NaN;
    return {
      products: written.toLocaleString('en'),
      rate: rate.toLocaleString('en'),
      left: Number.isFinite(left) ? formatSeconds(left) : '…',
    };
  };
  const bar = new SingleBar({
    format: `${label} {bar} {percentage}% | {products} products | {rate} products/s | {left} left`,
    hideCursor: true,
    noTTYOutput: true,
    notTTYSchedule: 10_000,
  });
  bar.start(Math.max(totalBytes, 1), 0, payload());
  return {
    async *count(chunks) {
      for await (const chunk of chunks) {
        bytes += chunk.length;
        bar.update(bytes, payload());
        yield chunk;
      }
    },
    products(count) {
      written = count;
      bar.update(bytes, payload());
    },
    stop() {
      bar.update(bytes, payload());
      bar.stop();
    },
  };
}

export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  return `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`;
}
