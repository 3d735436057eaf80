// Prints the top self-time functions of a V8 .cpuprofile (`node --cpu-prof`): `tsx bench/profile-top.ts FILE [N]`.
import { readFileSync } from 'node:fs';

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

const [file, countArg] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  const f = byId.get(id)!.callFrame;
  const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/src\//, 'src/').replace(/^file:\/\//, '')}:${f.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + dt);
  total += dt;
});
const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(countArg ?? 30));
for (const [key, us] of top) console.log(`${(us / 1000).toFixed(0).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${key}`);
console.log(`${(total / 1000).toFixed(0).padStart(8)} ms total`);
