// The chart commands that need no release: helm create (scaffold into documents), show, lint, and the repository
// commands over the built-in repository.
import { toYaml } from '../../kubectl/printers/format.ts';
import { cleanPath, baseName } from '../../kubectl/kustomize/paths.ts';
import { chartFromFolder, type Chart } from '../chart.ts';
import { uitable } from '../printer.ts';
import { renderChart } from '../render.ts';
import { BUILTIN_REPO, builtinCharts } from '../repo.ts';
import { scaffold } from '../scaffold.ts';
import { coalesce } from '../values.ts';
import type { HelmEnv } from './env.ts';

/** helm create PATH: the scaffold's files under PATH, the chart named after its last element. */
export function createChart(path: string): { name: string; files: [string, string][] } {
  const dir = cleanPath(path);
  const name = baseName(dir);
  return { name, files: scaffold(name).map(([p, t]) => [`${dir}/${p}`, t]) };
}

export function showChart(chart: Chart): string {
  return toYaml(chart.metadata);
}

export function showValues(chart: Chart): string {
  return chart.valuesText;
}

/** helm lint PATH: the chart loads, values parse, templates render to valid YAML; returns the messages and failure. */
export function lint(env: HelmEnv, files: ReadonlyMap<string, string>, path: string, config: Record<string, unknown>): { text: string; failed: boolean } {
  const messages: string[] = [];
  let chart: Chart | undefined;
  try {
    chart = chartFromFolder(files, path);
    if (!chart) messages.push(`[ERROR] Chart.yaml: unable to check Chart.yaml file in chart: stat ${cleanPath(path)}/Chart.yaml: no such file or directory`);
  } catch (e) {
    messages.push(`[ERROR] Chart.yaml: ${(e as Error).message}`);
  }
  if (chart) {
    if (!chart.metadata.icon) messages.push('[INFO] Chart.yaml: icon is recommended');
    if (!chart.valuesText) messages.push('[INFO] values.yaml: file does not exist');
    try {
      renderChart(chart, coalesce({}, config), { name: 'test-release', namespace: env.namespace, revision: 1, isInstall: true, isUpgrade: false }, env.apiVersions);
    } catch (e) {
      messages.push(`[ERROR] templates/: ${(e as Error).message}`);
    }
  }
  const failed = messages.some((m) => m.startsWith('[ERROR]'));
  return { text: `==> Linting ${path}\n${messages.map((m) => `${m}\n`).join('')}`, failed };
}

export function repoList(): string {
  return uitable([['NAME', 'URL'], [BUILTIN_REPO.name, BUILTIN_REPO.url]]);
}

/** helm repo add NAME URL. SIMULATION: no network, so every other repository is unreachable. */
export function repoAdd(name: string, url: string): never {
  if (name === BUILTIN_REPO.name) throw new Error(`repository name (${name}) already exists, please specify a different name`);
  const host = /^[a-z]+:\/\/([^/:]+)/i.exec(url)?.[1];
  if (!host) throw new Error(`could not find protocol handler for: ${url.split(':')[0]}`);
  throw new Error(`looks like "${url}" is not a valid chart repository or cannot be reached: Get "${url.replace(/\/$/, '')}/index.yaml": dial tcp: lookup ${host}: no such host`);
}

export function repoUpdate(): string {
  return `Hang tight while we grab the latest from your chart repositories...\n...Successfully got an update from the "${BUILTIN_REPO.name}" chart repository\nUpdate Complete. ⎈Happy Helming!⎈`;
}

/** helm search repo [KEYWORD]: charts whose name or description contains the keyword. */
export function searchRepo(keyword: string | undefined): string {
  const k = keyword?.toLowerCase() ?? '';
  const rows = builtinCharts().filter((c) => `${BUILTIN_REPO.name}/${c.metadata.name} ${c.metadata.description ?? ''}`.toLowerCase().includes(k))
    .map((c) => [`${BUILTIN_REPO.name}/${c.metadata.name}`, c.metadata.version, c.metadata.appVersion ?? '', c.metadata.description ?? '']);
  if (!rows.length) return 'No results found';
  return uitable([['NAME', 'CHART VERSION', 'APP VERSION', 'DESCRIPTION'], ...rows], 50);
}
