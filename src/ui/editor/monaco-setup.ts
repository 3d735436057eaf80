// Everything Monaco lives behind this module. It is reached only through YamlEditor.tsx, which the
// app loads with React.lazy, so Monaco, its workers and the schema stay out of the first-paint chunk.
import * as monaco from 'monaco-editor/editor'; // core API only: the full entry drags a 6.9 MB TS worker
import 'monaco-editor/features/register.all'; // suggest, hover, find, folding, ...
import 'monaco-editor/languages/definitions/yaml/register'; // YAML highlighting (Monarch)
// Operator code: highlighting only (Monarch); the TypeScript language service and its worker stay out.
import 'monaco-editor/languages/definitions/typescript/register';
import 'monaco-editor/languages/definitions/javascript/register';
import { configureMonacoYaml } from 'monaco-yaml';
import type { JSONSchema } from 'monaco-yaml';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import YamlWorker from './yaml.worker?worker';
// ?raw: generated at build time (gitignored); a string import keeps `tsc` independent of the file
// and spares it inferring a type for 400 KB of JSON.
import k8sSchemaText from './k8s-schema.json?raw';
import { defineThemes } from './themes.ts';

self.MonacoEnvironment = {
  getWorker(_moduleId: string, label: string): Worker {
    return label === 'yaml' ? new YamlWorker() : new EditorWorker();
  },
};

// monaco-editor >= 0.55 changed editor.createWebWorker(): it wants { worker } and no longer forwards
// createData. monaco-yaml 5.5.x (monaco-worker-manager 2.0.1) still passes { label, moduleId,
// createData }; without this shim it fails silently ("Could not create web worker(s)", no markers).
type LegacyOpts = { label?: string; moduleId?: string; createData?: unknown; worker?: Worker };
const origCreateWebWorker = monaco.editor.createWebWorker;
(monaco.editor as { createWebWorker: unknown }).createWebWorker = (opts: LegacyOpts) => {
  if (opts.worker) return origCreateWebWorker(opts as Parameters<typeof origCreateWebWorker>[0]);
  const w = self.MonacoEnvironment!.getWorker!(opts.moduleId ?? '', opts.label ?? 'editorWorkerService') as Worker;
  // The worker side of monaco-worker-manager ignores message 1 and reads createData from message 2.
  w.postMessage('ignore');
  w.postMessage(opts.createData);
  return origCreateWebWorker({ worker: w });
};

/** Models whose URI ends with this get the Kubernetes schema (monaco-yaml matches on the URI). */
const MANIFEST_SUFFIX = '.k8s.yaml';

configureMonacoYaml(monaco, {
  enableSchemaRequest: false, // offline: the schema is inline
  validate: true,
  completion: true,
  hover: true,
  format: { enable: true }, // not `format: true`
  schemas: [{
    fileMatch: [`*${MANIFEST_SUFFIX}`],
    uri: 'https://kubesim.local/schemas/k8s-manifest.json',
    schema: JSON.parse(k8sSchemaText) as JSONSchema,
  }],
});

let modelSeq = 0;
/**
 * A fresh model with a unique URI (two editors never share one; StrictMode remounts are safe): a manifest's, which
 * the Kubernetes schema validates, unless `schema` is false.
 */
export function createManifestModel(text: string, language: string, schema = true): monaco.editor.ITextModel {
  const uri = monaco.Uri.parse(`file:///kubesim/editor-${++modelSeq}${schema ? MANIFEST_SUFFIX : '.yaml'}`);
  const model = monaco.editor.createModel(text, language, uri);
  model.updateOptions({ tabSize: 2, insertSpaces: true });
  return model;
}

export const editorTheme = defineThemes(monaco);

export { monaco };
