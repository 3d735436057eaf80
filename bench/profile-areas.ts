// Where the time goes, by area: inclusive time of a V8 .cpuprofile (`node --cpu-prof`) per source folder
// (src/engine/<area>/<sub>), each sample counted once per folder on its stack. `tsx bench/profile-areas.ts FILE [N] [FOLDER]`:
// with FOLDER (e.g. engine/node/kubelet), the inclusive time of each function in that folder instead.
import { readFileSync } from 'node:fs';

interface ProfileNode { id: number; callFrame: { functionName: string; url: string }; children?: number[] }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

const [file, countArg, focus] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));

/** The folder a frame belongs to: two levels under src/engine (or src/<layer>), else its function name. */
function area(n: ProfileNode): string | undefined {
  const m = /\/src\/(engine\/[^/]+(?:\/[^/.]+(?=\/))?|[^/]+)/.exec(n.callFrame.url);
  if (m) return m[1];
  const f = n.callFrame.functionName;
  return f === '(garbage collector)' || f === '(idle)' || f === '(program)' ? f : undefined;
}

const inclusive = new Map<string, number>();
const memo = new Map<number, string[]>();
function areasOf(id: number): string[] {
  let a = memo.get(id);
  if (a) return a;
  const p = parent.get(id);
  const n = byId.get(id)!;
  const own = focus ? (area(n) === focus ? `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*\/src\//, 'src/')}` : undefined) : area(n);
  a = p === undefined ? [] : areasOf(p);
  if (own && !a.includes(own)) a = [...a, own];
  memo.set(id, a);
  return a;
}
let total = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  total += dt;
  for (const a of areasOf(id)) inclusive.set(a, (inclusive.get(a) ?? 0) + dt);
});
const top = [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, Number(countArg ?? 30));
for (const [key, us] of top) console.log(`${(us / 1000).toFixed(0).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${key}`);
console.log(`${(total / 1000).toFixed(0).padStart(8)} ms total`);
