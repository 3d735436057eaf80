// kubectl's machine output: -o yaml, -o json, -o name, and the List wrapper around several objects.
import YAML from 'yaml';
import type { KindInfo } from '../../api/kinds.ts';
import type { KubeObject } from '../../api/object.ts';
import { htmlEscapeJson } from '../../api/gojson.ts';
import { jsonKeyLess, sortKeysDeep, yamlKeyLess } from './keyorder.ts';
import { foldLongScalars } from './yamlfold.ts';
import { yamlNeedsDoubleQuotes } from './yamlscalar.ts';

export interface EncodeOptions {
  /**
   * Sort keys the way kubectl's encoders do (true, the default): it prints unstructured maps, so a real
   * cluster's -o yaml / -o json never shows keys in manifest order. false keeps the object's own order.
   */
  sortKeys?: boolean;
}

/**
 * kubectl -o yaml (sigs.k8s.io/yaml over go-yaml v2): 2-space indent, "- " items at their key's column,
 * strings that would read back as another type double-quoted ("True", "80", ""), others single-quoted only
 * when plain style is impossible, multi-line strings as literal blocks, lines folded near 80 columns.
 */
export function toYaml(obj: unknown, opts: EncodeOptions = {}): string {
  const value = sortKeysDeep(obj, opts.sortKeys === false ? undefined : yamlKeyLess);
  const doc = new YAML.Document(value, { aliasDuplicateObjects: false });
  YAML.visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value === 'string' && needsDoubleQuotes(node.value)) node.type = 'QUOTE_DOUBLE';
    },
  });
  return foldLongScalars(doc.toString({ indentSeq: false, singleQuote: true, blockQuote: 'literal', lineWidth: 0 }));
}

/**
 * Double quotes where go-yaml uses them: strings that would read back as another type, and strings libyaml
 * cannot write plain, single-quoted or as a literal block (control characters, a space before a line break,
 * a trailing space on a multi-line string).
 */
function needsDoubleQuotes(s: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\t]/.test(s)) return true;
  if (s.includes('\n')) return / \n/.test(s) || s.endsWith(' ');
  return yamlNeedsDoubleQuotes(s);
}

/** kubectl -o json: encoding/json with 4-space indent, HTML-safe escapes (\u003c, \u0026), trailing newline. */
export function toJson(obj: unknown, opts: EncodeOptions = {}): string {
  const value = sortKeysDeep(obj, opts.sortKeys === false ? undefined : jsonKeyLess);
  return htmlEscapeJson(JSON.stringify(value, null, 4)) + '\n';
}

/** kubectl -o name: "<kind>.<group>/<name>" in lower case, core kinds without a group ("pod/web-1"). */
export function toName(kind: KindInfo, obj: KubeObject): string {
  const gk = kind.group ? `${kind.kind}.${kind.group}` : kind.kind;
  return `${gk.toLowerCase()}/${obj.metadata?.name ?? ''}`;
}

export interface KubeList {
  apiVersion: 'v1';
  kind: 'List';
  items: KubeObject[];
  metadata: { resourceVersion: string };
}

/** What kubectl get -o yaml/json prints around several objects (or a list request). */
export function toList(items: KubeObject[]): KubeList {
  return { apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } };
}
