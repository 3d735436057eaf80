// An object read from -f, checked as kubectl's resource builder checks it before any request: YAML errors,
// apiVersion and kind set, a kind the server serves, and the namespace (the object's, else the command's).
import type { KindInfo } from '../../api/kinds.ts';
import type { KubeObject } from '../../api/object.ts';
import type { KubectlContext } from '../context.ts';
import type { Manifest } from '../manifests.ts';
import type { CommandNamespace } from '../namespace.ts';

export type FileObject = { obj: KubeObject; info: KindInfo; name: string } | { error: string };

/** A copy of the manifest's object to send, or the error kubectl prints for it. */
export function fileObject(ctx: KubectlContext, m: Manifest, source: string, ns: CommandNamespace): FileObject {
  if (m.error) return { error: `error: ${m.error}` };
  const obj = structuredClone(m.object!) as KubeObject;
  const missing = [!obj.apiVersion && 'apiVersion not set', !obj.kind && 'kind not set'].filter(Boolean);
  if (missing.length) return { error: `error: error validating "${source}": error validating data: [${missing.join(', ')}]; if you choose to ignore these errors, turn validation off with --validate=false` };
  const info = ctx.store.kinds.forManifest(String(obj.apiVersion), String(obj.kind));
  const name = obj.metadata?.name ?? '';
  if (!info) {
    return { error: `error: resource mapping not found for name: "${name}" namespace: "${obj.metadata?.namespace ?? ''}" from "${source}": no matches for kind "${obj.kind}" in version "${obj.apiVersion}"\nensure CRDs are installed first` };
  }
  obj.metadata ??= {};
  if (info.namespaced) {
    // Only --namespace is enforced: a context's namespace is a default, not a constraint.
    if (ns.enforce && obj.metadata.namespace && obj.metadata.namespace !== ns.namespace) {
      return { error: `error: the namespace from the provided object "${obj.metadata.namespace}" does not match the namespace "${ns.namespace}". You must pass '--namespace=${obj.metadata.namespace}' to perform this operation.` };
    }
    obj.metadata.namespace ||= ns.namespace;
  }
  return { obj, info, name };
}
