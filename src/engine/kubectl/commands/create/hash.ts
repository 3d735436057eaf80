// kubectl create configmap|secret --append-hash (k8s.io/kubectl/pkg/util/hash): the name gets "-" and ten
// characters of the SHA-256 of the object's kind, name, type and data, encoded as Go's json.Marshal writes
// them, with 0, 1, 3, a and e swapped for letters so the suffix never looks like a number or a word.
import { goJson } from '../../../api/gojson.ts';
import type { KubeObject } from '../../../api/object.ts';
import { sha256Hex } from '../../../api/sha256.ts';
import { boolFlag, type ParsedArgs } from '../../flags.ts';

const SWAP: Record<string, string> = { '0': 'g', '1': 'h', '3': 'k', a: 'm', e: 't' };

function encodeHash(hex: string): string {
  return [...hex.slice(0, 10)].map((c) => SWAP[c] ?? c).join('');
}

/** What the hash reads of a ConfigMap or Secret; data null is a nil map (json "null"). */
export interface HashedObject {
  kind: 'ConfigMap' | 'Secret';
  name: string;
  data: Record<string, string> | null;
  binaryData?: Record<string, string>;
  type?: string;
  immutable?: boolean;
}

/** hash.ConfigMapHash / hash.SecretHash (Secret and binaryData values are base64, as json encodes []byte). */
export function objectHash(o: HashedObject): string {
  const m: Record<string, unknown> = { kind: o.kind, name: o.name, data: o.data };
  if (o.kind === 'Secret') m.type = o.type ?? '';
  if (o.immutable !== undefined) m.immutable = o.immutable;
  if (o.kind === 'ConfigMap' && o.binaryData && Object.keys(o.binaryData).length) m.binaryData = o.binaryData;
  return encodeHash(sha256Hex(goJson(m)));
}

/** The object kubectl built, renamed NAME-HASH when --append-hash is set (kubectl always sets its data map). */
export function appendHash(args: ParsedArgs, obj: KubeObject): KubeObject {
  if (!boolFlag(args, 'append-hash')) return obj;
  const o = obj as KubeObject & { kind: 'ConfigMap' | 'Secret'; data?: Record<string, string>; type?: string };
  obj.metadata.name = `${obj.metadata.name}-${objectHash({ kind: o.kind, name: o.metadata.name ?? '', data: o.data ?? {}, type: o.type })}`;
  return obj;
}
