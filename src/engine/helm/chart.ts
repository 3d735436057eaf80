// A chart: Chart.yaml's metadata, values.yaml, and the templates, as helm's chart.Chart holds them. A local chart
// is a folder of editor documents ("mychart/Chart.yaml", "mychart/templates/deployment.yaml" …), read the way
// kustomize's -k reads kubectl's file map; the built-in repository's charts are the same files, kept in code.
import { parse as parseYaml } from 'yaml';
import { cleanPath } from '../kubectl/kustomize/paths.ts';
import { KUBECTL_YAML } from '../kubectl/manifests.ts';
import { ignored, parseHelmignore } from './helmignore.ts';
import { GoStruct } from './template/values.ts';

/** Chart.yaml (chart.Metadata), in its JSON field names. */
export interface ChartMetadata {
  apiVersion: string;
  name: string;
  version: string;
  appVersion?: string;
  description?: string;
  type?: string;
  icon?: string;
  home?: string;
  kubeVersion?: string;
  keywords?: string[];
  dependencies?: Dependency[];
}

/** chart.Dependency: a subchart Chart.yaml asks for. */
export interface Dependency {
  name: string;
  version?: string;
  repository?: string;
  /** Comma-separated values paths; the first that holds a bool decides. */
  condition?: string;
  tags?: string[];
  alias?: string;
  'import-values'?: (string | { child: string; parent: string })[];
}

export interface ChartFile {
  /** The path inside the chart: "templates/deployment.yaml", "values.yaml". */
  name: string;
  text: string;
}

export interface Chart {
  metadata: ChartMetadata;
  /** values.yaml, decoded (numbers are float64, as sigs.k8s.io/yaml gives them). */
  values: Record<string, unknown>;
  /** values.yaml as written (helm show values prints it). */
  valuesText: string;
  templates: ChartFile[];
  /** chart.Chart.Files: every file that is not Chart.yaml, values.yaml, a template or a subchart's (.Files reads them). */
  files: ChartFile[];
  /** The subcharts in charts/ (chart.Chart.Dependencies()), each loaded as a chart. */
  subcharts: Chart[];
  /** values.schema.json as written, when the chart has one. */
  schema?: string;
}

/** An error loading or validating a chart, worded as helm's loader and chart.Validate word it. */
export class ChartError extends Error {}

const SEMVER = /^v?(0|[1-9]\d*)(\.(0|[1-9]\d*))?(\.(0|[1-9]\d*))?(-[0-9A-Za-z-.]+)?(\+[0-9A-Za-z-.]+)?$/;

/** helm's chartutil.ReadValues: YAML to a map, an empty file to an empty map. */
export function readValues(text: string, source: string): Record<string, unknown> {
  let v: unknown;
  try {
    v = parseYaml(text, { ...KUBECTL_YAML, uniqueKeys: false });
  } catch (e) {
    const line = /at line (\d+)/.exec((e as Error).message)?.[1] ?? '1';
    throw new ChartError(`cannot load ${source}: error converting YAML to JSON: yaml: line ${line}: ${(e as Error).message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}`);
  }
  if (v === null || v === undefined) return {};
  if (typeof v !== 'object' || Array.isArray(v)) throw new ChartError(`cannot load ${source}: error unmarshaling JSON: json: cannot unmarshal ${Array.isArray(v) ? 'array' : typeof v} into Go value of type map[string]interface {}`);
  return v as Record<string, unknown>;
}

/** chart.Metadata.Validate. */
function validate(m: ChartMetadata): void {
  if (!m.apiVersion) throw new ChartError('validation: chart.metadata.apiVersion is required');
  if (!m.name) throw new ChartError('validation: chart.metadata.name is required');
  if (!m.version) throw new ChartError('validation: chart.metadata.version is required');
  if (!SEMVER.test(String(m.version))) throw new ChartError(`validation: chart.metadata.version "${m.version}" is invalid`);
  if (m.type && m.type !== 'application' && m.type !== 'library') throw new ChartError('validation: chart.metadata.type must be application or library');
}

/** Files the loader keeps out of chart.Chart.Files. */
const LOADER_FILES = new Set(['Chart.yaml', 'values.yaml', 'values.schema.json', 'Chart.lock', 'requirements.yaml', 'requirements.lock']);

/** A chart from its files (paths inside the chart folder), .helmignore applied, subcharts loaded from charts/. */
export function chartFromFiles(all: readonly ChartFile[]): Chart {
  const helmignore = all.find((f) => f.name === '.helmignore');
  const rules = parseHelmignore(helmignore?.text ?? '');
  const files = all.filter((f) => !ignored(rules, f.name));
  const byName = new Map(files.map((f) => [f.name, f.text]));
  const chartYaml = byName.get('Chart.yaml');
  if (chartYaml === undefined) throw new ChartError('Chart.yaml file is missing');
  const raw = readValues(chartYaml, 'Chart.yaml');
  const metadata = { ...raw, version: raw.version === undefined ? '' : String(raw.version), apiVersion: String(raw.apiVersion ?? ''), name: String(raw.name ?? '') } as ChartMetadata;
  if (raw.appVersion !== undefined) metadata.appVersion = String(raw.appVersion);
  validate(metadata);
  if (raw.dependencies !== undefined && !Array.isArray(raw.dependencies)) throw new ChartError('cannot load Chart.yaml: error converting YAML to JSON: dependencies must be a list');
  const valuesText = byName.get('values.yaml') ?? '';
  const sub = new Map<string, ChartFile[]>();
  for (const f of files) {
    if (!f.name.startsWith('charts/')) continue;
    const rest = f.name.slice('charts/'.length);
    const slash = rest.indexOf('/');
    if (slash < 0) continue;
    const name = rest.slice(0, slash);
    sub.set(name, [...(sub.get(name) ?? []), { name: rest.slice(slash + 1), text: f.text }]);
  }
  const subcharts: Chart[] = [];
  for (const [name, inside] of [...sub].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    try {
      subcharts.push(chartFromFiles(inside));
    } catch (e) {
      throw new ChartError(`error unpacking subchart ${name} in ${metadata.name}: ${(e as Error).message}`);
    }
  }
  return {
    metadata,
    values: readValues(valuesText, 'values.yaml'),
    valuesText,
    templates: files.filter((f) => f.name.startsWith('templates/')).sort(byFileName),
    files: files.filter((f) => !LOADER_FILES.has(f.name) && !f.name.startsWith('templates/') && !f.name.startsWith('charts/')).sort(byFileName),
    subcharts,
    ...(byName.has('values.schema.json') ? { schema: byName.get('values.schema.json') } : {}),
  };
}

const byFileName = (a: ChartFile, b: ChartFile) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** The chart in a folder of the file map, undefined when no document lies under it. */
export function chartFromFolder(files: ReadonlyMap<string, string>, dir: string): Chart | undefined {
  const root = cleanPath(dir);
  const prefix = root === '.' ? '' : `${root}/`;
  const inside: ChartFile[] = [];
  for (const [name, text] of files) {
    const path = cleanPath(name);
    if (path.startsWith(prefix)) inside.push({ name: path.slice(prefix.length), text });
  }
  return inside.length ? chartFromFiles(inside) : undefined;
}

/** .Chart in templates: the *chart.Metadata struct, with Go's field names. */
export function chartStruct(m: ChartMetadata): GoStruct {
  return new GoStruct('*chart.Metadata', {
    Name: m.name, Home: m.home ?? '', Version: m.version, Description: m.description ?? '', Keywords: m.keywords ?? null,
    Icon: m.icon ?? '', APIVersion: m.apiVersion, AppVersion: m.appVersion ?? '', KubeVersion: m.kubeVersion ?? '', Type: m.type ?? '',
    Annotations: null, Dependencies: m.dependencies ?? null, Deprecated: false,
  });
}

/** NAME-VERSION, as helm list and history show a release's chart. */
export function chartName(m: ChartMetadata): string {
  return `${m.name}-${m.version}`;
}
