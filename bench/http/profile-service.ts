/**
 * Profiles the service's request path in-process, without a load generator: the real app (`buildApp`, a fresh
 * PGlite folder) loaded with the bench catalogue, then the query log replayed through Fastify's `inject`, one
 * request at a time. Prints the CPU time per request (several passes; `inject` skips the socket, so this is the
 * service's own cost minus HTTP parsing) and the functions with the most self time (V8 sampling profiler).
 *
 *   npx tsx bench/http/profile-service.ts [--requests 1000] [--passes 3] [--no-profile] [--encoding gzip|identity]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../apps/search/src/http/build-app.ts';
import { openSearchStore } from '../../apps/search/src/store/open-search-store.ts';
import { benchSettings, loadBenchCatalogue } from './catalogue.ts';
import { buildQueryLog } from './query-log.ts';
import { benchKeys } from './service-process.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '1000' },
    passes: { type: 'string', default: '3' },
    'no-profile': { type: 'boolean', default: false },
    /** `gzip` (what browsers send) or `identity` (what the autocannon bench sends). */
    encoding: { type: 'string', default: 'gzip' },
  },
});

const products = loadBenchCatalogue('real');
const log = await buildQueryLog(products, Number(values.requests));
const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-profile-service-'));
const store = await openSearchStore({ dataDir, databaseUrl: undefined });
const app = await buildApp({
  store,
  keys: { appId: benchKeys.appId, adminKey: benchKeys.adminKey, searchKey: benchKeys.searchKey },
  logger: { level: 'warn' },
});
await app.vitrine.ready;
const adminHeaders = {
  'x-algolia-application-id': benchKeys.appId,
  'x-algolia-api-key': benchKeys.adminKey,
};

async function send(method: 'PUT' | 'POST', url: string, payload: unknown): Promise<void> {
  const response = await app.inject({
    method,
    url,
    payload: payload as never,
    headers: adminHeaders,
  });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.body}`);
}

try {
  await send('PUT', '/1/indexes/products/settings', benchSettings());
  for (let start = 0; start < products.length; start += 1000) {
    const requests = products
      .slice(start, start + 1000)
      .map((body) => ({ action: 'addObject', body }));
    const response = await app.inject({
      method: 'POST',
      url: '/1/indexes/products/batch',
      payload: { requests },
      headers: adminHeaders,
    });
    const { taskID } = response.json<{ taskID: number }>();
    while (
      (
        await app.inject({
          method: 'GET',
          url: `/1/indexes/products/task/${taskID}`,
          headers: adminHeaders,
        })
      ).json<{ status: string }>().status !== 'published'
    )
      await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const searchHeaders = {
    'x-algolia-application-id': benchKeys.appId,
    'x-algolia-api-key': benchKeys.searchKey,
    'content-type': 'text/plain',
    'accept-encoding': values.encoding ?? 'gzip',
  };
  const replay = async (): Promise<number> => {
    const start = process.cpuUsage();
    for (const body of log) {
      const response = await app.inject({
        method: 'POST',
        url: '/1/indexes/*/queries',
        payload: body,
        headers: searchHeaders,
      });
      if (response.statusCode !== 200) throw new Error(`search: ${response.body}`);
    }
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000 / log.length;
  };
  await replay();
  const perRequest: string[] = [];
  for (let pass = 0; pass < Number(values.passes); pass++)
    perRequest.push((await replay()).toFixed(3));
  console.log(
    `${log.length} requests, CPU ms per request over each pass: ${perRequest.join(', ')}`,
  );
  if (!values['no-profile']) {
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    await replay();
    const { profile } = await session.post('Profiler.stop');
    console.log('most self time:', ...selfTime(profile).map((line) => `\n${line}`));
    console.log('self time by area:', ...byArea(profile).map((line) => `\n${line}`));
    if (process.env['PROFILE_STACKS'])
      console.log(stacksOf(profile, process.env['PROFILE_STACKS']));
  }
} finally {
  await app.close();
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
}

interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: { readonly functionName: string; readonly url: string };
    readonly children?: readonly number[] | undefined;
  }[];
  readonly samples?: readonly number[] | undefined;
  readonly timeDeltas?: readonly number[] | undefined;
}

function selfTime(cpuProfile: CpuProfile): string[] {
  const frames = new Map(cpuProfile.nodes.map((node) => [node.id, node.callFrame]));
  const totals = new Map<string, number>();
  (cpuProfile.samples ?? []).forEach((id, i) => {
    const frame = frames.get(id);
    const key = `${frame?.functionName || '(anonymous)'} ${frame?.url.split('/').slice(-2).join('/') ?? ''}`;
    totals.set(key, (totals.get(key) ?? 0) + (cpuProfile.timeDeltas?.[i] ?? 0));
  });
  const all = [...totals.values()].reduce((sum, value) => sum + value, 0);
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 30)
    .map(([key, value]) => `  ${((value / all) * 100).toFixed(1).padStart(5)} %  ${key}`);
}

/** Self time summed per area: our folders (`src/engine`, `src/http`, …), each package, V8 and Node internals. */
function byArea(cpuProfile: CpuProfile): string[] {
  const frames = new Map(cpuProfile.nodes.map((node) => [node.id, node.callFrame]));
  const parents = new Map<number, number>();
  for (const node of cpuProfile.nodes)
    for (const child of node.children ?? []) parents.set(child, node.id);
  // Native frames (GC excepted) count for their nearest caller that has a source file.
  const located = (id: number): string => {
    let current: number | undefined = id;
    while (current !== undefined) {
      const frame = frames.get(current);
      if (frame?.url) return frame.url;
      if (frame?.functionName.startsWith('(')) return '';
      current = parents.get(current);
    }
    return '';
  };
  const totals = new Map<string, number>();
  (cpuProfile.samples ?? []).forEach((id, i) => {
    const url = located(id);
    const packageName = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
    const ours = /apps\/search\/src\/([^/]+)/.exec(url)?.[1];
    const area =
      packageName ??
      (ours
        ? `src/${ours}`
        : url.startsWith('node:')
          ? `node internals`
          : url || 'V8 (GC, idle, program)');
    totals.set(area, (totals.get(area) ?? 0) + (cpuProfile.timeDeltas?.[i] ?? 0));
  });
  const all = [...totals.values()].reduce((sum, value) => sum + value, 0);
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([key, value]) => `  ${((value / all) * 100).toFixed(1).padStart(5)} %  ${key}`);
}

/** The most frequent caller chains of the native function `name` (debugging aid: PROFILE_STACKS=write). */
function stacksOf(cpuProfile: CpuProfile, name: string): string {
  const frames = new Map(cpuProfile.nodes.map((node) => [node.id, node.callFrame]));
  const parents = new Map<number, number>();
  for (const node of cpuProfile.nodes)
    for (const child of node.children ?? []) parents.set(child, node.id);
  const totals = new Map<string, number>();
  (cpuProfile.samples ?? []).forEach((id, i) => {
    if (frames.get(id)?.functionName !== name) return;
    const chain: string[] = [];
    for (
      let current = parents.get(id);
      current !== undefined && chain.length < 8;
      current = parents.get(current)
    ) {
      const frame = frames.get(current);
      chain.push(
        `${frame?.functionName || '(anonymous)'}@${frame?.url.split('/').slice(-2).join('/')}`,
      );
    }
    const key = chain.join(' < ');
    totals.set(key, (totals.get(key) ?? 0) + (cpuProfile.timeDeltas?.[i] ?? 0));
  });
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([key, value]) => `${(value / 1000).toFixed(0)} ms  ${key}`)
    .join('\n');
}
