// The Kustomization file (sigs.k8s.io/kustomize/api/types): finding it in a directory and reading its fields.
import { parse } from 'yaml';
import { joinPath, type KustFiles } from './paths.ts';

export interface PatchTarget {
  group?: string; version?: string; kind?: string; name?: string; namespace?: string;
  labelSelector?: string; annotationSelector?: string;
}
export interface Patch { path?: string; patch?: string; target?: PatchTarget }
export interface Image { name?: string; newName?: string; newTag?: string; digest?: string }
export interface Replica { name?: string; count?: number }
export interface Label { pairs?: Record<string, string>; includeSelectors?: boolean; includeTemplates?: boolean }
export interface GeneratorOptions { labels?: Record<string, string>; annotations?: Record<string, string>; disableNameSuffixHash?: boolean; immutable?: boolean }
export interface GeneratorArgs {
  name?: string; namespace?: string; behavior?: string;
  literals?: string[]; files?: string[]; envs?: string[]; env?: string;
  options?: GeneratorOptions; type?: string;
}

export interface Kustomization {
  apiVersion?: string; kind?: string;
  resources?: string[]; components?: string[];
  namespace?: string; namePrefix?: string; nameSuffix?: string;
  commonLabels?: Record<string, string>; labels?: Label[]; commonAnnotations?: Record<string, string>;
  images?: Image[]; replicas?: Replica[];
  patches?: Patch[]; patchesStrategicMerge?: string[]; patchesJson6902?: Patch[];
  configMapGenerator?: GeneratorArgs[]; secretGenerator?: GeneratorArgs[]; generatorOptions?: GeneratorOptions;
  /** Deprecated alias of resources that kustomize still reads. */
  bases?: string[];
}

/** konfig.RecognizedKustomizationFileNames, in the order kustomize looks. */
export const KUSTOMIZATION_FILE_NAMES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];

const FIELDS = new Set(['apiVersion', 'kind', 'metadata', 'resources', 'components', 'bases', 'namespace', 'namePrefix', 'nameSuffix', 'commonLabels', 'labels', 'commonAnnotations', 'images', 'replicas', 'patches', 'patchesStrategicMerge', 'patchesJson6902', 'configMapGenerator', 'secretGenerator', 'generatorOptions', 'buildMetadata', 'sortOptions']);
/** Fields kustomize has that this simulation does not apply: named in the error rather than silently ignored. */
const UNSUPPORTED = new Set(['replacements', 'vars', 'crds', 'configurations', 'generators', 'transformers', 'validators', 'helmCharts', 'helmGlobals', 'openapi', 'nameReference']);

export class KustomizeError extends Error {}

/** The kustomization in dir, or kustomize's error when there is none or more than one. */
export function loadKustomization(fs: KustFiles, dir: string): Kustomization {
  const found = KUSTOMIZATION_FILE_NAMES.filter((n) => fs.read(joinPath(dir, n)) !== undefined);
  if (found.length > 1) throw new KustomizeError(`Found multiple kustomization files under: ${dir}`);
  if (!found.length) throw new KustomizeError(`unable to find one of 'kustomization.yaml', 'kustomization.yml' or 'Kustomization' in directory '${dir}'`);
  let doc: unknown;
  try {
    doc = parse(fs.read(joinPath(dir, found[0]))!);
  } catch (e) {
    throw new KustomizeError(`invalid Kustomization: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
  }
  if (doc === null || doc === undefined) return {};
  if (typeof doc !== 'object' || Array.isArray(doc)) throw new KustomizeError('invalid Kustomization: json: cannot unmarshal array into Go value of type types.Kustomization');
  for (const k of Object.keys(doc)) {
    if (UNSUPPORTED.has(k)) throw new KustomizeError(`kustomization field "${k}" is not supported by this simulation`);
    if (!FIELDS.has(k)) throw new KustomizeError(`invalid Kustomization: json: unknown field "${k}"`);
  }
  return doc as Kustomization;
}
