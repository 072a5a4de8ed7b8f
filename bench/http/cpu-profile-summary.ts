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

export function selfTime(cpuProfile: CpuProfile): string[] {
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
