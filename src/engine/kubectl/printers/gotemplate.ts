// kubectl's go-template printer (-o go-template=TEMPLATE, -o template=…, and the -file forms): Go's text/template —
// the executor helm's engine uses — with text/template's builtins and kubectl's own exists and base64decode, over
// the object as JSON decodes it (numbers are float64). A missing key prints "<no value>"
// (--allow-missing-template-keys, true by default).
import { ExecError, State, type TemplateFunc } from '../../helm/template/exec.ts';
import { FUNCS } from '../../helm/template/funcs.ts';
import { parse, TemplateParseError } from '../../helm/template/parse.ts';
import { isMap } from '../../helm/template/values.ts';
import { CommandError } from '../context.ts';

const BUILTINS = ['and', 'or', 'not', 'eq', 'ne', 'lt', 'le', 'gt', 'ge', 'len', 'index', 'print', 'println', 'printf'];

/** exists ITEM INDEX…: whether the path of map keys and list indexes leads to a non-nil value. */
function exists(item: unknown, ...indices: unknown[]): boolean {
  let v = item;
  for (const i of indices) {
    if (v === null || v === undefined) return false;
    if (Array.isArray(v) || typeof v === 'string') {
      const x = typeof i === 'bigint' ? Number(i) : typeof i === 'number' && Number.isInteger(i) ? i : undefined;
      if (x === undefined || x < 0 || x >= v.length) return false;
      v = v[x];
    } else if (isMap(v)) {
      if (typeof i !== 'string') return false;
      v = v[i];
    } else return false;
  }
  return v !== null && v !== undefined;
}

function base64decode(v: unknown): string {
  const s = String(v);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(s) || s.length % 4 !== 0) throw new Error(`base64 decode failed: illegal base64 data at input byte ${Math.max(0, s.search(/[^A-Za-z0-9+/=]/))}`);
  return new TextDecoder().decode(Uint8Array.from(atob(s), (c) => c.charCodeAt(0)));
}

const KUBECTL_FUNCS = new Map<string, TemplateFunc>([
  ...BUILTINS.map((n) => [n, FUNCS.get(n)!] as [string, TemplateFunc]),
  ['exists', { fn: exists, arity: 1, variadic: true }],
  ['base64decode', { fn: base64decode, arity: 1 }],
]);

/** The template's output for one object or the List kubectl wraps several in (as JSON: a round trip). */
export function printGoTemplate(template: string, data: unknown): string {
  let trees;
  try {
    trees = parse('output', template, new Set(KUBECTL_FUNCS.keys()));
  } catch (e) {
    if (e instanceof TemplateParseError) throw new CommandError(`error parsing template ${template}, ${e.message}`);
    throw e;
  }
  const set = { trees: new Map(trees.map((t) => [t.name, t])), funcs: KUBECTL_FUNCS };
  const dot = JSON.parse(JSON.stringify(data)) as unknown;
  try {
    return new State(set, trees[0], dot).run(dot);
  } catch (e) {
    // Simplification: kubectl also prints the raw data and Go's %+v of the object after the template.
    if (e instanceof ExecError) {
      throw new CommandError(`error executing template "${template}": Error executing template: ${e.message}. Printing more information for debugging the template:\n\ttemplate was:\n\t\t${template}`);
    }
    throw e;
  }
}
