// What a release's chart renders to (helm's action.renderResources): the templates executed with the release's
// values, NOTES.txt apart, each file split into YAML documents, hooks (helm.sh/hook) apart from the manifests,
// and the manifests in install order. The release's manifest text is "---\n# Source: FILE\nDOCUMENT\n" each.
import { parse as parseYaml } from 'yaml';
import { KUBERNETES_VERSION } from '../api/version.ts';
import { KUBECTL_YAML } from '../kubectl/manifests.ts';
import { chartStruct, type Chart } from './chart.ts';
import { sortByKind } from './kindsort.ts';
import { render, RenderError } from './template/index.ts';
import { GoStruct, isMap } from './template/values.ts';
import { coalesce } from './values.ts';

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

/** chartutil.ToRenderValues: the top-level objects templates see. */
export function renderValues(chart: Chart, config: Record<string, unknown>, opts: ReleaseOptions, apiVersions: ReadonlySet<string>): Record<string, unknown> {
  return {
    Values: coalesce(chart.values, config),
    Release: { Name: opts.name, Namespace: opts.namespace, Revision: BigInt(opts.revision), IsInstall: opts.isInstall, IsUpgrade: opts.isUpgrade, Service: 'Helm' },
    Chart: chartStruct(chart.metadata),
    Capabilities: capabilities(apiVersions),
    Files: {},
  };
}

/** releaseutil.SplitManifests: documents between "---" lines, blank ones dropped. */
function splitDocuments(text: string): string[] {
  return text.split(/(?:^|\s*\n)---\s*/).map((d) => d.trim()).filter(Boolean);
}

export function renderChart(chart: Chart, config: Record<string, unknown>, opts: ReleaseOptions, apiVersions: ReadonlySet<string>): Rendered {
  const vals = renderValues(chart, config, opts, apiVersions);
  const name = chart.metadata.name;
  const files = render(chart.templates.map((t) => ({ name: `${name}/${t.name}`, text: t.text })), vals);
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
