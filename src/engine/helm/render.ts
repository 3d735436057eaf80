// What a release's chart renders to (helm's action.renderResources): the templates executed with the release's
// values, NOTES.txt apart, each file split into YAML documents, hooks (helm.sh/hook) apart from the manifests,
// and the manifests in install order. The release's manifest text is "---\n# Source: FILE\nDOCUMENT\n" each.
import { parse as parseYaml } from 'yaml';
import { KUBERNETES_VERSION } from '../api/version.ts';
import { KUBECTL_YAML } from '../kubectl/manifests.ts';
import { chartStruct, type Chart } from './chart.ts';
import { sortByKind } from './kindsort.ts';
import { coalesceTree, importValues, processDependencies } from './dependencies.ts';
import { chartFiles } from './files.ts';
import { render, RenderError, type TemplateFile } from './template/index.ts';
import { validateAgainstSchema } from './schema.ts';
import { GoStruct, isMap } from './template/values.ts';

export interface ReleaseOptions {
  name: string;
  namespace: string;
  revision: number;
  isInstall: boolean;
  isUpgrade: boolean;
}

export interface RenderedManifest {
  /** The template file: "nginx/templates/service.yaml". */
  source: string;
  content: string;
  kind: string;
  object: Record<string, unknown>;
}

export interface Rendered {
  manifests: RenderedManifest[];
  hooks: RenderedManifest[];
  notes: string;
  /** The release's manifest text (helm get manifest). */
  manifest: string;
}

/** .Capabilities: the cluster's version and API versions (helm asks discovery; the simulator knows its own). */
function capabilities(apiVersions: ReadonlySet<string>): GoStruct {
  const [major, minor] = KUBERNETES_VERSION.slice(1).split('.');
  return new GoStruct('*chartutil.Capabilities', {
    KubeVersion: new GoStruct('chartutil.KubeVersion', { Version: KUBERNETES_VERSION, Major: major, Minor: minor }, KUBERNETES_VERSION),
    APIVersions: new GoStruct('chartutil.VersionSet', { Has: (v: unknown) => apiVersions.has(String(v)) }),
    HelmVersion: new GoStruct('helmversion.BuildInfo', { Version: 'v3.16.4', GitCommit: '', GitTreeState: 'clean', GoVersion: 'go1.22.7' }),
  });
}

/** chartutil.ToRenderValues for one chart of the tree: its values, metadata and files; the release's and cluster's. */
function renderValues(chart: Chart, values: Record<string, unknown>, release: Record<string, unknown>, caps: GoStruct): Record<string, unknown> {
  return { Values: values, Release: release, Chart: chartStruct(chart.metadata), Capabilities: caps, Files: chartFiles(chart.files) };
}

/**
 * Every template of the chart and its enabled subcharts (recAllTpls), each with the values its chart sees: a
 * subchart's templates are "PARENT/charts/NAME/templates/…" and see the parent's values under NAME. A library
 * chart contributes its partials only.
 */
function allTemplates(chart: Chart, config: Record<string, unknown>, opts: ReleaseOptions, apiVersions: ReadonlySet<string>): TemplateFile[] {
  const tree = processDependencies(chart, config);
  const release = { Name: opts.name, Namespace: opts.namespace, Revision: BigInt(opts.revision), IsInstall: opts.isInstall, IsUpgrade: opts.isUpgrade, Service: 'Helm' };
  const caps = capabilities(apiVersions);
  const out: TemplateFile[] = [];
  const walk = (c: Chart, prefix: string, values: Record<string, unknown>) => {
    const v = importValues(c, values);
    const vals = renderValues(c, v, release, caps);
    for (const t of c.templates) {
      if (c.metadata.type === 'library' && !t.name.slice(t.name.lastIndexOf('/') + 1).startsWith('_')) continue;
      out.push({ name: `${prefix}/${t.name}`, text: t.text, values: vals });
    }
    for (const sub of c.subcharts) {
      const sv = v[sub.metadata.name];
      walk(sub, `${prefix}/charts/${sub.metadata.name}`, isMap(sv) ? sv : {});
    }
  };
  const values = coalesceTree(tree, config);
  // ToRenderValues: the values must meet the charts' values.schema.json before anything renders.
  const invalid = validateAgainstSchema(tree, values);
  if (invalid) throw new Error(`values don't meet the specifications of the schema(s) in the following chart(s):\n${invalid}`);
  walk(tree, chart.metadata.name, values);
  return out;
}

/** releaseutil.SplitManifests: documents between "---" lines, blank ones dropped. */
function splitDocuments(text: string): string[] {
  return text.split(/(?:^|\s*\n)---\s*/).map((d) => d.trim()).filter(Boolean);
}

export function renderChart(chart: Chart, config: Record<string, unknown>, opts: ReleaseOptions, apiVersions: ReadonlySet<string>): Rendered {
  const name = chart.metadata.name;
  const files = render(allTemplates(chart, config, opts, apiVersions));
  const notesName = `${name}/templates/NOTES.txt`;
  const notes = files.get(notesName) ?? '';
  const manifests: RenderedManifest[] = [];
  const hooks: RenderedManifest[] = [];
  for (const [source, text] of files) {
    if (source.endsWith('NOTES.txt')) continue;
    for (const content of splitDocuments(text)) {
      let object: unknown;
      try {
        object = parseYaml(content, { ...KUBECTL_YAML, uniqueKeys: false });
      } catch (e) {
        const line = /at line (\d+)/.exec((e as Error).message)?.[1] ?? '1';
        throw new RenderError(`YAML parse error on ${source}: error converting YAML to JSON: yaml: line ${line}: ${(e as Error).message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}`);
      }
      if (!isMap(object)) continue;
      const kind = String(object.kind ?? '');
      if (!kind) throw new RenderError(`manifest ${source} has no kind: apiVersion and kind are required`);
      const annotations = isMap(object.metadata) && isMap(object.metadata.annotations) ? object.metadata.annotations : {};
      (annotations['helm.sh/hook'] !== undefined ? hooks : manifests).push({ source, content, kind, object });
    }
  }
  const sorted = sortByKind(manifests, (m) => m.kind);
  return { manifests: sorted, hooks: sortByKind(hooks, (m) => m.kind), notes, manifest: sorted.map((m) => `---\n# Source: ${m.source}\n${m.content}\n`).join('') };
}
