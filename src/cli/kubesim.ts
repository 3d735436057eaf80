// The command line: the headless engine with the same command language as the page's terminal, and the
// scenario gallery.
//   kubesim list [--json]                                   the bundled scenarios
//   kubesim run SCENARIO [--until 5m] [--student NAME] [--solve] [--check] [--json] [--lang en|zh]
//                                                           a scenario (gallery id or file) headless; --check
//                                                           runs its exercise checks (exit 0 only when all pass),
//                                                           --solve applies the reference solutions first
//   kubesim exec [--scenario SCENARIO]                      commands from stdin (a REPL on a terminal)
//   kubesim 'sim node add w1' 'kubectl get nodes'           commands as arguments (kubectl, helm, sim)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { createCluster, type KubesimCluster } from '../engine/index.ts';
import { shellSplit } from '../engine/kubectl/shellwords.ts';
import { parseDuration } from '../engine/sim/clock.ts';
import {
  evaluateStep, gallery, galleryScenario, loadScenario, parseScenario, runSolution, ScenarioError, type Scenario, type StepResult,
} from '../engine/scenario/index.ts';

// A closed pipe (`| head`) ends the program quietly.
process.stdout.on('error', () => process.exit(0));

const USAGE = `Usage:
  kubesim list [--json]
  kubesim run SCENARIO [--until DURATION] [--student NAME] [--solve] [--check] [--json] [--lang en|zh]
  kubesim exec [--scenario SCENARIO]     (commands from stdin; a REPL on a terminal)
  kubesim COMMAND...                     (each argument a kubectl, helm or sim command line)
SCENARIO is a gallery id (kubesim list) or a scenario file.`;

class UsageError extends Error {}

/** --name VALUE, --name=VALUE and boolean --name, the rest positional. */
function parseArgs(args: string[], valued: string[], booleans: string[]): { flags: Record<string, string | true>; positional: string[] } {
  const flags: Record<string, string | true> = {};
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (!a.startsWith('--')) { positional.push(a); continue; }
    const [name, inline] = a.slice(2).split(/=(.*)/s, 2);
    if (valued.includes(name)) {
      const v = inline ?? args[++i];
      if (v === undefined) throw new UsageError(`flag needs an argument: --${name}`);
      flags[name] = v;
    } else if (booleans.includes(name) && inline === undefined) flags[name] = true;
    else throw new UsageError(`unknown flag: --${name}`);
  }
  return { flags, positional };
}

function readScenario(ref: string): Scenario {
  const bundled = galleryScenario(ref);
  if (bundled) return bundled;
  let text: string;
  try { text = readFileSync(ref, 'utf8'); } catch { throw new UsageError(`scenario "${ref}" is neither a gallery id (see kubesim list) nor a readable file`); }
  return parseScenario(text);
}

function list(args: string[]): number {
  const { flags } = parseArgs(args, [], ['json']);
  const entries = gallery();
  if (flags.json) {
    process.stdout.write(JSON.stringify(entries.map((e) => ({ id: e.id, title: e.title.en, titleZh: e.title.zh, concept: e.concept ?? null, exercise: e.steps > 0, steps: e.steps })), null, 2) + '\n');
    return 0;
  }
  const width = Math.max(...entries.map((e) => e.id.length)) + 2;
  process.stdout.write(`${'ID'.padEnd(width)}STEPS  TITLE\n`);
  for (const e of entries) process.stdout.write(`${e.id.padEnd(width)}${String(e.steps || '-').padEnd(7)}${e.title.en}\n`);
  return 0;
}

function run(args: string[]): number {
  const { flags, positional } = parseArgs(args, ['until', 'student', 'lang'], ['check', 'json', 'solve']);
  const lang = flags.lang ?? 'en';
  if (lang !== 'en' && lang !== 'zh') throw new UsageError(`--lang must be en or zh, not "${lang}"`);
  if (positional.length !== 1) throw new UsageError('kubesim run needs exactly one SCENARIO');
  const loaded = loadScenario(readScenario(positional[0]), { student: typeof flags.student === 'string' ? flags.student : undefined });
  const { cluster, scenario } = loaded;
  const start = cluster.now();
  const timeline: { at: string; run: string; code: number; output: string }[] = [];
  cluster.onScheduledRun((cmd, r) => timeline.push({ at: `${(cmd.at - start) / 1000}s`, run: cmd.run, code: r.code, output: (r.stdout + r.stderr).trim() }));
  const steps = scenario.spec.exercise?.steps ?? [];
  const solveFailures = flags.solve ? steps.flatMap((s) => runSolution(cluster, s)) : [];
  const lastAt = Math.max(0, ...(scenario.spec.timeline ?? []).map((t) => parseDuration(t.at)));
  const untilMs = typeof flags.until === 'string' ? parseDuration(flags.until) : lastAt + 60_000;
  const remaining = start + untilMs - cluster.now();
  if (remaining > 0) cluster.advance(remaining / 1000);
  const results: (StepResult & { id: string })[] = flags.check ? steps.map((s) => ({ id: s.id, ...evaluateStep(cluster, s) })) : [];
  const pass = results.every((r) => r.pass) && solveFailures.length === 0 && loaded.problems.length === 0;
  if (flags.json) {
    const out = {
      id: scenario.metadata.name, variant: loaded.variant, seconds: (cluster.now() - start) / 1000, problems: [...loaded.problems, ...solveFailures], timeline,
      ...(flags.check ? { pass, steps: results.map((r) => ({ id: r.id, pass: r.pass, checks: r.checks })) } : {}),
    };
    process.stdout.write(JSON.stringify(out, null, 2) + '\n');
  } else {
    process.stdout.write(`${scenario.spec.title[lang]} (${scenario.metadata.name}), ran ${(cluster.now() - start) / 1000}s\n`);
    for (const p of [...loaded.problems, ...solveFailures]) process.stdout.write(`problem: ${p}\n`);
    for (const t of timeline) process.stdout.write(`at ${t.at}: ${t.run} (exit ${t.code})${t.output ? `\n  ${t.output.replace(/\n/g, '\n  ')}` : ''}\n`);
    for (const r of results) {
      process.stdout.write(`step ${r.id}: ${r.pass ? 'PASS' : 'FAIL'}\n`);
      for (const c of r.checks) process.stdout.write(`  ${c.pass ? 'ok  ' : 'FAIL'} ${c.reason[lang]}\n`);
    }
  }
  return flags.check && !pass ? 1 : 0;
}

/** `-f PATH` names a file on disk: make it readable by the simulated kubectl. */
function loadFiles(cluster: KubesimCluster, line: string): void {
  let words: string[];
  try { words = shellSplit(line); } catch { return; }
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    const path = w === '-f' || w === '--filename' ? words[i + 1] : w.startsWith('--filename=') ? w.slice(11) : w.startsWith('-f') && w.length > 2 ? w.slice(2) : undefined;
    if (path && path !== '-') {
      try { cluster.setFile(path, readFileSync(path, 'utf8')); } catch { /* kubectl reports the missing path */ }
    }
    const dir = w === '-k' || w === '--kustomize' ? words[i + 1] : w.startsWith('--kustomize=') ? w.slice(12) : w.startsWith('-k') && w.length > 2 ? w.slice(2)
      : w === 'kustomize' && words[0] === 'kubectl' ? words[i + 1] ?? '.' : undefined;
    if (dir !== undefined) loadTree(cluster, dir);
    // helm's chart argument: a folder with a Chart.yaml.
    if (words[0] === 'helm' && i > 0 && !w.startsWith('-') && isChartDir(w)) loadTree(cluster, w);
  }
}

function isChartDir(path: string): boolean {
  try { return statSync(join(path, 'Chart.yaml')).isFile(); } catch { return false; }
}

/** Files a command wrote for the user (helm create's chart): written to disk, as helm writes them. */
function writeFiles(line: string, files: { name: string; text: string }[] | undefined): void {
  if (!files?.length || !line.trim().startsWith('helm ')) return;
  for (const f of files) {
    mkdirSync(dirname(f.name), { recursive: true });
    writeFileSync(f.name, f.text);
  }
}

const TREE_LIMIT = { files: 2000, bytes: 1 << 20, depth: 8 };

/**
 * -k DIR: kustomize reads the kustomization and whatever it names, "../base" included. A relative DIR loads the
 * working directory's tree (the usual base/ and overlays/ beside each other), an absolute one DIR's own tree,
 * within TREE_LIMIT and without node_modules or dot folders.
 */
function loadTree(cluster: KubesimCluster, dir: string): void {
  const root = isAbsolute(dir) ? dir : '.';
  let budget = TREE_LIMIT.files;
  const walk = (path: string, depth: number): void => {
    let entries: string[];
    try { entries = readdirSync(path); } catch { return; }
    for (const e of entries) {
      if (budget <= 0 || e.startsWith('.') || e === 'node_modules') continue;
      const full = join(path, e);
      try {
        const st = statSync(full);
        if (st.isDirectory()) { if (depth < TREE_LIMIT.depth) walk(full, depth + 1); continue; }
        if (!st.isFile() || st.size > TREE_LIMIT.bytes) continue;
        cluster.setFile(isAbsolute(dir) ? full : relative('.', full), readFileSync(full, 'utf8'));
        budget--;
      } catch { /* unreadable entries are as if absent */ }
    }
  };
  walk(root, 0);
}

function runLine(cluster: KubesimCluster, line: string): number {
  loadFiles(cluster, line);
  const r = cluster.exec(line, undefined, { editor: externalEditor() });
  writeFiles(line, r.files);
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr);
  return r.code;
}

/**
 * kubectl edit's editor, as kubectl picks it: $KUBE_EDITOR, else $EDITOR, run through the shell on a temp file
 * (`KUBE_EDITOR="sed -i s/replicas: 3/replicas: 5/"`). Without either, kubectl edit fails as kubectl does without vi.
 */
function externalEditor(): ((document: string) => string) | undefined {
  const command = process.env.KUBE_EDITOR || process.env.EDITOR;
  if (!command) return undefined;
  return (document) => {
    const dir = mkdtempSync(join(tmpdir(), 'kubectl-edit-'));
    const file = join(dir, 'edit.yaml');
    try {
      writeFileSync(file, document);
      spawnSync(`${command} "${file}"`, { shell: true, stdio: ['inherit', 'inherit', 'inherit'] });
      return readFileSync(file, 'utf8');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

function newCluster(scenarioRef?: string): KubesimCluster {
  if (!scenarioRef) return createCluster({ seed: Number(process.env.KUBESIM_SEED ?? 1) });
  const loaded = loadScenario(readScenario(scenarioRef));
  for (const p of loaded.problems) process.stderr.write(`problem: ${p}\n`);
  return loaded.cluster;
}

/** Commands from stdin, one per line; the exit code is the last failure's. Resolves when stdin ends. */
function execStdin(args: string[]): Promise<number> {
  const { flags } = parseArgs(args, ['scenario'], []);
  const cluster = newCluster(typeof flags.scenario === 'string' ? flags.scenario : undefined);
  const tty = !!process.stdin.isTTY;
  const rl = createInterface({ input: process.stdin, output: process.stdout, prompt: tty ? 'kubesim> ' : '', terminal: tty });
  let code = 0;
  return new Promise((resolve) => {
    rl.prompt();
    rl.on('line', (line) => {
      const l = line.trim();
      if (l === 'exit' || l === 'quit') return rl.close();
      if (l && !l.startsWith('#')) code = runLine(cluster, l) || code;
      rl.prompt();
    });
    rl.on('close', () => resolve(code));
  });
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'list': return list(rest);
    case 'run': return run(rest);
    case 'exec': return execStdin(rest);
    case undefined: return execStdin([]);
    case 'help': case '--help': case '-h':
      process.stdout.write(USAGE + '\n');
      return 0;
    default: {
      const cluster = newCluster();
      let code = 0;
      for (const line of argv) code = runLine(cluster, line) || code;
      return code;
    }
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code), (e: unknown) => {
  if (e instanceof UsageError) process.stderr.write(`error: ${e.message}\n${USAGE}\n`);
  else if (e instanceof ScenarioError) process.stderr.write(`error: ${e.message}\n`);
  else process.stderr.write(`error: ${(e as Error)?.stack ?? String(e)}\n`);
  process.exit(e instanceof UsageError ? 2 : 1);
});
