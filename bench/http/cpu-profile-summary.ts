/** Summaries of a V8 CPU profile (`.cpuprofile`): top self time, self time per area, a native function's callers. */

export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: { readonly functionName: string; readonly url: string };
    readonly children?: readonly number[] | undefined;
  }[];
  readonly samples?: readonly number[] | undefined;
  readonly timeDeltas?: readonly number[] | undefined;
}

/**
 * Self time summed per key, as the `top` largest shares: one line per key (`  12.3 %  key`).
 * @param keyOf - the key of a sampled node (by its id).
 */
export function sharesBy(
  cpuProfile: CpuProfile,
  keyOf: (id: number) => string,
  top: number,
): string[] {
  const totals = new Map<string, number>();
  (cpuProfile.samples ?? []).forEach((id, i) => {
    const key = keyOf(id);
    totals.set(key, (totals.get(key) ?? 0) + (cpuProfile.timeDeltas?.[i] ?? 0));
  });
  const all = [...totals.values()].reduce((sum, value) => sum + value, 0);
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, value]) => `  ${((value / all) * 100).toFixed(1).padStart(5)} %  ${key}`);
}

/** The functions with the most self time, named with the last `pathParts` parts of their file's path. */
export function selfTime(cpuProfile: CpuProfile, top = 30, pathParts = 2): string[] {
  const frames = new Map(cpuProfile.nodes.map((node) => [node.id, node.callFrame]));
  return sharesBy(
    cpuProfile,
    (id) => {
      const frame = frames.get(id);
      return `${frame?.functionName || '(anonymous)'} ${frame?.url.split('/').slice(-pathParts).join('/') ?? ''}`;
    },
    top,
  );
}

/** Self time summed per area: our folders (`src/engine`, `src/http`, …), each package, V8 and Node internals. */
export function byArea(cpuProfile: CpuProfile): string[] {
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
  const areaOf = (id: number): string => {
    const url = located(id);
    const packageName = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
    const ours = /apps\/search\/src\/([^/]+)/.exec(url)?.[1];
    if (packageName) return packageName;
    if (ours) return `src/${ours}`;
    return url.startsWith('node:') ? 'node internals' : url || 'V8 (GC, idle, program)';
  };
  return sharesBy(cpuProfile, areaOf, 15);
}

/** The most frequent caller chains of the native function `name` (debugging aid: PROFILE_STACKS=write). */
export function stacksOf(cpuProfile: CpuProfile, name: string): string {
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

/**
 * The functions with the most total time (self time plus their callees'), each counted once per sample however
 * deep it recurses; only frames whose file path contains `within` (e.g. `apps/search/src`).
 */
export function totalTime(cpuProfile: CpuProfile, within: string, top = 40): string[] {
  const frames = new Map(cpuProfile.nodes.map((node) => [node.id, node.callFrame]));
  const parents = new Map<number, number>();
  for (const node of cpuProfile.nodes)
    for (const child of node.children ?? []) parents.set(child, node.id);
  const totals = new Map<string, number>();
  let all = 0;
  (cpuProfile.samples ?? []).forEach((id, i) => {
    const delta = cpuProfile.timeDeltas?.[i] ?? 0;
    all += delta;
    const seen = new Set<string>();
    for (
      let current: number | undefined = id;
      current !== undefined;
      current = parents.get(current)
    ) {
      const frame = frames.get(current);
      if (!frame?.url.includes(within)) continue;
      const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').slice(-2).join('/')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      totals.set(key, (totals.get(key) ?? 0) + delta);
    }
  });
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, value]) => `  ${((value / all) * 100).toFixed(1).padStart(5)} %  ${key}`);
}
