// The command line: the headless engine with the same command language as the page's terminal.
//   npm run kubesim -- 'sim node add w1' 'kubectl apply -f web.yaml' 'sim advance 30s' 'kubectl get pods'
//   npm run kubesim              (then type commands; "exit" or Ctrl-D ends)
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Cluster } from '../engine/cluster.ts';
import { shellSplit } from '../engine/kubectl/shellwords.ts';

// A closed pipe (`| head`) ends the program quietly.
process.stdout.on('error', () => process.exit(0));

const cluster = new Cluster({ seed: Number(process.env.KUBESIM_SEED ?? 1) });

/** `-f PATH` names a file on disk: make it readable by the simulated kubectl. */
function loadFiles(line: string): void {
  let words: string[];
  try { words = shellSplit(line); } catch { return; }
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    const path = w === '-f' || w === '--filename' ? words[i + 1] : w.startsWith('--filename=') ? w.slice(11) : w.startsWith('-f') && w.length > 2 ? w.slice(2) : undefined;
    if (path && path !== '-') {
      try { cluster.files.set(path, readFileSync(path, 'utf8')); } catch { /* kubectl reports the missing path */ }
    }
  }
}

function run(line: string): number {
  loadFiles(line);
  const r = cluster.exec(line);
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr);
  return r.code;
}

const commands = process.argv.slice(2);
if (commands.length) {
  let code = 0;
  for (const c of commands) code = run(c) || code;
  process.exit(code);
} else {
  const rl = createInterface({ input: process.stdin, output: process.stdout, prompt: process.stdin.isTTY ? 'kubesim> ' : '' });
  rl.prompt();
  rl.on('line', (line) => {
    if (line.trim() === 'exit') return rl.close();
    if (line.trim()) run(line);
    rl.prompt();
  });
}
