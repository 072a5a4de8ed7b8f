/**
 * The load generator in C: Debian's `wrk` (one thread), replaying the same request bodies as autocannon through
 * a Lua script, so that the client takes a few % of a core where autocannon (Node) takes 10–20 % at the same
 * rate. Its CPU time is read with the shell's `times` after it exits.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface LoadResult {
  readonly requestsPerSecond: number;
  readonly total: number;
  /** Milliseconds. */
  readonly p50: number;
  readonly p97_5: number;
  readonly p99: number;
  /** Socket errors and non-2xx answers. */
  readonly failures: number;
  readonly durationMS: number;
  /** CPU time the load generator used, in ms. */
  readonly clientCpuMS: number;
}

const script = `
local bodies = {}
for line in io.lines(os.getenv("VITRINE_WRK_BODIES")) do bodies[#bodies + 1] = line end
local next = tonumber(os.getenv("VITRINE_WRK_OFFSET") or "0")
wrk.method = "POST"
wrk.headers["content-type"] = "text/plain"
wrk.headers["accept-encoding"] = os.getenv("VITRINE_WRK_ENCODING")
request = function()
  next = next % #bodies + 1
  return wrk.format(nil, nil, nil, bodies[next])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("VITRINE %d %d %d %d %d %d\\n", summary.requests, summary.duration,
    e.connect + e.read + e.write + e.timeout + e.status,
    latency:percentile(50), latency:percentile(97.5), latency:percentile(99)))
end
`;

export async function runWrk(options: {
  readonly url: string;
  readonly path: string;
  readonly bodies: readonly string[];
  readonly encoding: string;
  readonly connections: number;
  readonly durationSeconds: number;
  /** Bodies to skip: the replay starts with body `offset` (modulo the log's length). Default 0. */
  readonly offset?: number;
}): Promise<LoadResult> {
  const folder = mkdtempSync(join(tmpdir(), 'vitrine-wrk-'));
  try {
    writeFileSync(join(folder, 'replay.lua'), script);
    writeFileSync(join(folder, 'bodies.txt'), `${options.bodies.join('\n')}\n`);
    const command =
      `wrk -t1 -c${options.connections} -d${options.durationSeconds}s --timeout 10s ` +
      `-s "${join(folder, 'replay.lua')}" "${options.url}${options.path}" && times`;
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('bash', ['-c', command], {
        env: {
          ...process.env,
          VITRINE_WRK_BODIES: join(folder, 'bodies.txt'),
          VITRINE_WRK_ENCODING: options.encoding,
          VITRINE_WRK_OFFSET: String(options.offset ?? 0),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}: ${text}`)),
      );
    });
    const fields = /VITRINE (\d+) (\d+) (\d+) (\d+) (\d+) (\d+)/.exec(output);
    if (!fields) throw new Error(`Unexpected wrk output: ${output}`);
    const [requests, durationUS, failures, p50, p97_5, p99] = fields.slice(1).map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    return {
      requestsPerSecond: requests / (durationUS / 1e6),
      total: requests,
      p50: p50 / 1000,
      p97_5: p97_5 / 1000,
      p99: p99 / 1000,
      failures,
      durationMS: durationUS / 1000,
      clientCpuMS: childrenCpuMS(output),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The second line of bash's `times` (children's user and system time, e.g. `0m1.234s 0m0.567s`). */
function childrenCpuMS(output: string): number {
  const lines = output.trim().split('\n');
  const children = lines[lines.length - 1] ?? '';
  const seconds = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map(
    (match) => Number(match[1]) * 60 + Number(match[2]),
  );
  return seconds.reduce((sum, value) => sum + value, 0) * 1000;
}
