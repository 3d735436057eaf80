// A document's name as a path: kubectl -f and -k read documents by name, and "/" makes folders, so a renamed
// document's name is tidied the way a path is written (no leading "./" or "/", no empty or "." parts).
export function documentPath(name: string): string {
  return name.trim().split('/').filter((p) => p && p !== '.').join('/');
}

/** kustomize's file names for a kustomization (konfig.RecognizedKustomizationFileNames). */
const KUSTOMIZATION_NAMES = new Set(['kustomization.yaml', 'kustomization.yml', 'Kustomization']);

/**
 * The folder a kustomization document builds ("overlays/prod" for overlays/prod/kustomization.yaml, "." at the
 * top), or undefined for any other document: the editor applies and diffs it with -k instead of -f.
 */
export function kustomizationDir(name: string): string | undefined {
  const path = documentPath(name);
  const slash = path.lastIndexOf('/');
  if (!KUSTOMIZATION_NAMES.has(path.slice(slash + 1))) return undefined;
  return slash < 0 ? '.' : path.slice(0, slash);
}

/**
 * The Helm chart a document belongs to: the nearest folder above it (or its own) with a Chart.yaml among the
 * documents, else undefined. The editor then applies the chart with helm upgrade --install instead of -f.
 */
export function helmChartDir(name: string, allNames: readonly string[]): string | undefined {
  const charts = new Set(allNames.map(documentPath).filter((p) => p.endsWith('/Chart.yaml')).map((p) => p.slice(0, -'/Chart.yaml'.length)));
  const parts = documentPath(name).split('/');
  for (let i = parts.length - 1; i > 0; i--) {
    const dir = parts.slice(0, i).join('/');
    if (charts.has(dir)) return dir;
  }
  return undefined;
}

/** The release a chart folder's Apply installs: the folder's last name. */
export function chartRelease(dir: string): string {
  return dir.slice(dir.lastIndexOf('/') + 1);
}

/** A file under the chart's templates/: Go template text, not YAML, so the editor shows it as plain text. */
export function isChartTemplate(name: string, chartDir: string): boolean {
  return documentPath(name).startsWith(`${chartDir}/templates/`);
}
