import { monitorEventLoopDelay } from 'node:perf_hooks';

/** What a watched stretch of work did to the event loop. */
export interface EventLoopWatch {
  /** The longest wait for a turn, wall clock (what a request waited). */
  readonly stallMs: number;
  /**
   * The most CPU this thread used between two turns: the wait a request would have had on a machine with a
   * core to spare. Far below `stallMs` means the process waited for a core (a loaded machine).
   */
  readonly busyCpuMs: number;
}

/** Watches the event loop until `stop` (the index sync's log line reports both figures). */
export function watchEventLoop(): { stop(): EventLoopWatch } {
  const delays = monitorEventLoopDelay({ resolution: 10 });
  delays.enable();
  const cpuMs = () => {
    const usage = process.threadCpuUsage();
    return (usage.user + usage.system) / 1000;
  };
  let lastCpu = cpuMs();
  let busyCpuMs = 0;
  const ticker = setInterval(() => {
    const now = cpuMs();
    busyCpuMs = Math.max(busyCpuMs, now - lastCpu);
    lastCpu = now;
  }, 5);
  ticker.unref();
  return {
    stop() {
      clearInterval(ticker);
      delays.disable();
      busyCpuMs = Math.max(busyCpuMs, cpuMs() - lastCpu);
      return { stallMs: Math.round(delays.max / 1e6), busyCpuMs: Math.round(busyCpuMs) };
    },
  };
}
