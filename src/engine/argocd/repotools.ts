// The tools Argo CD's repo-server runs on a Helm or Kustomize source, over the page's documents: kubesim's own
// helm template (chart, values, --set parameters; the hooks left out) and kustomize build. The application
// controller gets them through OperatorDeps (operators do not import kubectl); the argocd CLI uses them directly.
import type { KubeObject } from '../api/object.ts';
import type { Store } from '../apiserver/store.ts';
import { chartFromFolder, readValues } from '../helm/chart.ts';
import { checkDependencies } from '../helm/dependencies.ts';
import { helmEnv } from '../helm/action/env.ts';
import { renderChart } from '../helm/render.ts';
import { mergeMaps, mergeUserValues, parseSet } from '../helm/values.ts';
import { kustomizeBuild } from '../kubectl/kustomize/index.ts';
import type { SimClock } from '../sim/clock.ts';
import type { HelmTemplateOptions, ManifestTools } from '../operators/operator.ts';

export function repoTools(store: Store, clock: SimClock): ManifestTools {
  return {
    helmTemplate(files: ReadonlyMap<string, string>, path: string, opts: HelmTemplateOptions): KubeObject[] {
      const chart = chartFromFolder(files, path || '.');
      if (!chart) throw new Error(`path "${path}" not found`);
      checkDependencies(chart);
      let config = mergeUserValues(files, { valueFiles: opts.valueFiles, set: [], setString: [] });
      if (opts.values) config = mergeMaps(config, readValues(opts.values, 'values'));
      for (const p of opts.parameters) parseSet(`${p.name}=${p.value}`, config, !!p.forceString);
      const env = helmEnv(store, clock, opts.namespace);
      const r = renderChart(chart, config, { name: opts.releaseName, namespace: opts.namespace, revision: 1, isInstall: true, isUpgrade: false }, env.apiVersions);
      return r.manifests.map((m) => m.object as unknown as KubeObject);
    },
    kustomizeBuild(files: ReadonlyMap<string, string>, path: string): KubeObject[] {
      return kustomizeBuild(files, path, { namespaced: (apiVersion, kind) => store.kinds.forManifest(apiVersion, kind)?.namespaced ?? true });
    },
  };
}
