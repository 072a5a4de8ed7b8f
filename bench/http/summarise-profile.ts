/**
 * Prints the summary of a `.cpuprofile` written by `npx tsx bench/http/run.ts --cpu-prof DIR` (the service
 * process under autocannon, sockets included): `npx tsx bench/http/summarise-profile.ts DIR/file.cpuprofile`
 * [--last SECONDS]` (only the samples of the profile's last seconds, i.e. the load, not the catalogue loading;
 * `PROFILE_STACKS=name` adds the callers of one function).
 */
import { readFileSync } from 'node:fs';
import { byArea, type CpuProfile, selfTime, stacksOf } from './cpu-profile-summary.ts';

const file = process.argv[2];
if (!file) throw new Error('usage: summarise-profile.ts <file.cpuprofile>');
const lastIndex = process.argv.indexOf('--last');
const lastMS =
  lastIndex === -1 ? Number.POSITIVE_INFINITY : Number(process.argv[lastIndex + 1]) * 1000;
const profile = lastSamples(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, lastMS);
console.log('most self time:', ...selfTime(profile).map((line) => `\n${line}`));
console.log('self time by area:', ...byArea(profile).map((line) => `\n${line}`));
if (process.env['PROFILE_STACKS']) console.log(stacksOf(profile, process.env['PROFILE_STACKS']));

/** The profile cut to its samples of the last `windowMS`. */
function lastSamples(whole: CpuProfile, windowMS: number): CpuProfile {
  const deltas = whole.timeDeltas ?? [];
  const totalMS = deltas.reduce((sum, delta) => sum + delta, 0) / 1000;
  let elapsedMS = 0;
  let first = 0;
  while (first < deltas.length && totalMS - elapsedMS > windowMS)
    elapsedMS += (deltas[first++] ?? 0) / 1000;
  return {
    nodes: whole.nodes,
    samples: whole.samples?.slice(first),
    timeDeltas: deltas.slice(first),
  };
}
