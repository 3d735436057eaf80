// helm dependency list | update | build (action.Dependency, downloader.Manager): Chart.yaml's dependencies with
// their state in charts/, and fetching them: from the built-in repository, or a file:// folder, with Chart.lock
// written as helm writes it. SIMULATION: a fetched chart is unpacked into charts/NAME/ as editor documents
// (helm saves charts/NAME-VERSION.tgz), so dependency list reports it "unpacked".
import { sha256Hex } from '../../api/sha256.ts';
import { cleanPath, joinPath } from '../../kubectl/kustomize/paths.ts';
import { chartFromFolder, ChartError, readValues, type Chart, type Dependency } from '../chart.ts';
import { uitable } from '../printer.ts';
import { BUILTIN_REPO, builtinChartFiles, isBuiltinRepository } from '../repo.ts';
import { satisfies } from '../semver.ts';

function loadChart(files: ReadonlyMap<string, string>, path: string): Chart {
  const chart = chartFromFolder(files, path);
  if (!chart) throw new ChartError(`stat ${cleanPath(path)}: no such file or directory`);
  return chart;
}

/** dependencyStatus for a chart that is not a tgz: missing, wrong version, or unpacked. */
function status(chart: Chart, d: Dependency): string {
  const sub = chart.subcharts.find((s) => s.metadata.name === d.name);
  if (!sub) return 'missing';
  if (d.version && sub.metadata.version !== d.version && !satisfies(d.version, sub.metadata.version)) return 'wrong version';
  return 'unpacked';
}

export function dependencyList(files: ReadonlyMap<string, string>, path: string): string {
  const chart = loadChart(files, path);
  const deps = chart.metadata.dependencies;
  if (!deps) return `WARNING: no dependencies at ${joinPath(cleanPath(path), 'charts')}\n`;
  const table = uitable([['NAME', 'VERSION', 'REPOSITORY', 'STATUS'], ...deps.map((d) => [d.name, d.version ?? '', d.repository ?? '', status(chart, d)])], 80);
  const missing = chart.subcharts.filter((s) => !deps.some((d) => d.name === s.metadata.name))
    .map((s) => `WARNING: "${joinPath(cleanPath(path), `charts/${s.metadata.name}`)}" is not in Chart.yaml.\n`);
  return `${table}\n\n${missing.join('')}`;
}

/** chart.Dependency as encoding/json writes it (helm's HashReq digests it). */
function depJson(d: Dependency): Record<string, unknown> {
  const out: Record<string, unknown> = { name: d.name };
  if (d.version) out.version = d.version;
  out.repository = d.repository ?? '';
  if (d.condition) out.condition = d.condition;
  if (d.tags?.length) out.tags = d.tags;
  if (d['import-values']?.length) out['import-values'] = d['import-values'];
  if (d.alias) out.alias = d.alias;
  return out;
}

/** HashReq: sha256 of the JSON of [requested, locked]. */
function hashReq(req: Dependency[], lock: Dependency[]): string {
  return `sha256:${sha256Hex(JSON.stringify([req.map(depJson), lock.map(depJson)]))}`;
}

function lockText(locked: Dependency[], digest: string, generated: string): string {
  const deps = locked.map((d) => `- name: ${d.name}\n  repository: ${d.repository ? d.repository : '""'}\n${d.version ? `  version: ${d.version}\n` : ''}`).join('');
  // time.Time in JSON is RFC 3339 with the fraction's trailing zeros dropped.
  return `dependencies:\n${deps}digest: ${digest}\ngenerated: "${generated.replace(/\.(\d*?)0*Z$/, (_, f: string) => (f ? `.${f}Z` : 'Z'))}"\n`;
}

interface Fetched { dep: Dependency; files: [string, string][]; version: string }

/** resolver.Resolve plus the download: the files each dependency brings, or helm's error. */
function resolve(files: ReadonlyMap<string, string>, root: string, deps: Dependency[], pinned?: Map<string, string>): { fetched: Fetched[]; locked: Dependency[]; out: string[] } {
  const fetched: Fetched[] = [];
  const locked: Dependency[] = [];
  const out: string[] = [];
  const bad: string[] = [];
  for (const d of deps) {
    const repo = d.repository ?? '';
    const want = pinned?.get(d.name) ?? d.version ?? '';
    if (repo === '') {
      if (!chartFromFolder(files, joinPath(root, `charts/${d.name}`))) throw new Error(`directory ${joinPath(root, `charts/${d.name}`)} not found`);
      locked.push({ name: d.name, repository: '', version: d.version ?? '' });
      out.push(`Dependency ${d.name} did not declare a repository. Assuming it exists in the charts directory`);
      continue;
    }
    if (repo.startsWith('file://')) {
      const dir = joinPath(root, repo.slice('file://'.length));
      const local = chartFromFolder(files, dir);
      if (!local) throw new Error(`directory ${dir} not found`);
      const prefix = `${cleanPath(dir)}/`;
      const inside = [...files].filter(([n]) => cleanPath(n).startsWith(prefix)).map(([n, t]): [string, string] => [cleanPath(n).slice(prefix.length), t]);
      fetched.push({ dep: d, files: inside, version: local.metadata.version });
      out.push(`Downloading ${d.name} from repo ${repo}`);
      locked.push({ name: d.name, repository: repo, version: local.metadata.version });
      continue;
    }
    if (!isBuiltinRepository(repo)) throw new Error(`no repository definition for ${repo}. Please add the missing repos via 'helm repo add'`);
    const chartFiles = builtinChartFiles(d.name);
    const chartYaml = chartFiles?.find((f) => f.name === 'Chart.yaml');
    const version = chartYaml ? String(readValues(chartYaml.text, 'Chart.yaml').version) : '';
    if (!chartFiles || (want && version !== want && !satisfies(want, version))) {
      bad.push(`"${d.name}" (repository "${repo}", version "${want}")`);
      continue;
    }
    fetched.push({ dep: d, files: chartFiles.map((f) => [f.name, f.text]), version });
    out.push(`Downloading ${d.name} from repo ${repo}`);
    locked.push({ name: d.name, repository: repo, version });
  }
  if (bad.length) throw new Error(`can't get a valid version for ${bad.length} subchart(s): ${bad.join(' ')}. Make sure a matching chart version exists in the repo, or change the version constraint in Chart.yaml`);
  return { fetched, locked, out };
}

export interface DependencyResult { text: string; write: [string, string][] }

/** helm dependency update PATH (and build without a lock). */
export function dependencyUpdate(files: ReadonlyMap<string, string>, path: string, now: string, pinned?: Map<string, string>): DependencyResult {
  const root = cleanPath(path);
  const chart = loadChart(files, root);
  const deps = chart.metadata.dependencies ?? [];
  const { fetched, locked, out } = resolve(files, root, deps, pinned);
  const lines: string[] = [];
  if (deps.some((d) => d.repository && isBuiltinRepository(d.repository))) {
    lines.push('Hang tight while we grab the latest from your chart repositories...', `...Successfully got an update from the "${BUILTIN_REPO.name}" chart repository`, 'Update Complete. ⎈Happy Helming!⎈');
  }
  lines.push(`Saving ${deps.length} charts`);
  lines.push(...out, 'Deleting outdated charts');
  const write: [string, string][] = fetched.flatMap((f) => f.files.map(([n, t]): [string, string] => [`${root}/charts/${f.dep.name}/${n}`, t]));
  if (!pinned) write.push([`${root}/Chart.lock`, lockText(locked, hashReq(deps, locked), now)]);
  return { text: `${lines.join('\n')}\n`, write };
}

/** helm dependency build PATH: the versions Chart.lock pins (which must match Chart.yaml), else an update. */
export function dependencyBuild(files: ReadonlyMap<string, string>, path: string, now: string): DependencyResult {
  const root = cleanPath(path);
  const lockDoc = files.get(`${root}/Chart.lock`);
  if (lockDoc === undefined) return dependencyUpdate(files, root, now);
  const chart = loadChart(files, root);
  const lock = readValues(lockDoc, 'Chart.lock') as { dependencies?: Dependency[]; digest?: string };
  const locked = (lock.dependencies ?? []).map((d) => ({ name: String(d.name), repository: String(d.repository ?? ''), version: String(d.version ?? '') }));
  const deps = chart.metadata.dependencies ?? [];
  if (lock.digest !== hashReq(deps, locked)) {
    throw new Error('the lock file (Chart.lock) is out of sync with the dependencies file (Chart.yaml). Please update the dependencies');
  }
  return dependencyUpdate(files, root, now, new Map(locked.map((d) => [d.name, d.version])));
}
