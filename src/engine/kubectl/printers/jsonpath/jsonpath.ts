// The evaluator of kubectl's JSONPath (k8s.io/client-go/util/jsonpath) over JSON values: the same walk,
// including its range/end bookkeeping (a range runs the nodes up to its {end} once per result) and its output
// rules: results of one action are joined by a space, maps and lists print as compact JSON, null as <nil>.
import { goJson, htmlEscapeJson } from '../../../api/gojson.ts';
import { jsonKeyLess, sortKeysDeep } from '../keyorder.ts';
import { goValueText } from './gofmt.ts';
import { parseJsonPath, type JsonPathNode, type ListNode } from './parser.ts';

export { JsonPathParseError } from './parser.ts';

type Value = unknown;
type Obj = Record<string, unknown>;

export class JsonPathError extends Error {}

const isObj = (v: Value): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNil = (v: Value) => v === null || v === undefined;

/** Go's reflect type name of a decoded JSON value, for "…is not array or slice" errors. */
function goTypeName(v: Value): string {
  if (Array.isArray(v)) return '[]interface {}';
  if (isObj(v)) return 'map[string]interface {}';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int64' : 'float64';
  return typeof v === 'boolean' ? 'bool' : 'string';
}

/** iterHelper: list elements in order, map values in key order, nothing for scalars. */
function children(v: Value): Value[] | undefined {
  if (Array.isArray(v)) return v;
  if (isObj(v)) return Object.keys(v).sort().map((k) => v[k]);
  return undefined;
}

export class JsonPath {
  private readonly root: ListNode;
  private beginRange = 0;
  private inRange = 0;
  private endRange = 0;
  private lastEndNode: JsonPathNode | undefined;

  /** Throws JsonPathParseError with upstream's message. */
  constructor(template: string, private readonly allowMissingKeys = false) {
    this.root = parseJsonPath(template);
  }

  /** Execute: every result set printed in turn. */
  execute(data: Value): string {
    return this.findResults(data).map((r) => printResults(r)).join('');
  }

  /**
   * Execute with EnableJSONOutput (kubectl's -o jsonpath-as-json): each result set, text pieces included, as one
   * JSON array indented by four spaces, with a newline.
   */
  executeJSON(data: Value): string {
    return this.findResults(data).map((r) => `${htmlEscapeJson(JSON.stringify(sortKeysDeep(r, jsonKeyLess), null, 4))}\n`).join('');
  }

  findResults(data: Value, nodes: JsonPathNode[] = this.root.nodes): Value[][] {
    const cur = [data];
    const full: Value[][] = [];
    for (let i = 0; i < nodes.length; i++) {
      const results = this.walk(cur, nodes[i]);
      // An {end} closes the block a range is running.
      if (this.endRange > 0 && this.endRange <= this.inRange) {
        this.endRange--;
        this.lastEndNode = nodes[i];
        break;
      }
      // A {range}: the nodes up to its {end} run once per result (once on nothing when there is none, to find
      // the {end}); processing then resumes after that {end}.
      if (this.beginRange > 0) {
        this.beginRange--;
        this.inRange++;
        const rest = nodes.slice(i + 1);
        if (results.length) for (const value of results) full.push(...this.findResults(value, rest));
        else this.findResults(null, rest);
        this.inRange--;
        const end = nodes.indexOf(this.lastEndNode!, i + 1);
        if (end >= 0) i = end;
        continue;
      }
      full.push(results);
    }
    return full;
  }

  private walk(input: Value[], node: JsonPathNode): Value[] {
    switch (node.type) {
      case 'list': return this.evalList(input, node);
      case 'text': return [node.text];
      case 'field': return this.evalField(input, node.name);
      case 'array': return evalArray(input, node.params);
      case 'filter': return this.evalFilter(input, node);
      case 'int': case 'float': case 'bool': return input.map(() => node.value);
      case 'wildcard': return input.filter((v) => !isNil(v)).flatMap((v) => children(v) ?? []);
      case 'recursive': return evalRecursive(input);
      case 'union': return node.nodes.flatMap((n) => this.evalList(input, n));
      case 'identifier': return this.evalIdentifier(input, node.name);
    }
  }

  private evalList(input: Value[], node: ListNode): Value[] {
    let cur = input;
    for (const n of node.nodes) cur = this.walk(cur, n);
    return cur;
  }

  private evalIdentifier(input: Value[], name: string): Value[] {
    if (name === 'range') {
      this.beginRange++;
      return input;
    }
    if (name === 'end') {
      if (this.inRange === 0) throw new JsonPathError('not in range, nothing to end');
      this.endRange++;
      return [];
    }
    throw new JsonPathError(`unrecognized identifier ${name}`);
  }

  private evalField(input: Value[], name: string): Value[] {
    const results: Value[] = [];
    if (input.length === 0) return results;
    for (const v of input) {
      if (isObj(v) && Object.prototype.hasOwnProperty.call(v, name)) results.push(v[name]);
    }
    if (results.length === 0 && !this.allowMissingKeys) throw new JsonPathError(`${name} is not found`);
    return results;
  }

  private evalFilter(input: Value[], node: Extract<JsonPathNode, { type: 'filter' }>): Value[] {
    const results: Value[] = [];
    for (const value of input) {
      for (const item of children(value) ?? [value]) {
        let lefts: Value[] = [];
        try {
          lefts = this.evalList([item], node.left);
        } catch (e) {
          // [?(@.x)] asks whether x exists: a missing key just does not match.
          if (!this.allowMissingKeys && node.operator !== 'exists') throw e;
        }
        if (node.operator === 'exists') {
          if (lefts.length > 0) results.push(item);
          continue;
        }
        const rights = this.evalList([item], node.right);
        if (lefts.length === 0) continue;
        if (lefts.length > 1) throw new JsonPathError('can only compare one element at a time');
        if (rights.length === 0) continue;
        if (rights.length > 1) throw new JsonPathError('can only compare one element at a time');
        if (compare(node.operator, lefts[0], rights[0])) results.push(item);
      }
    }
    return results;
  }
}

function evalArray(input: Value[], params: Extract<JsonPathNode, { type: 'array' }>['params']): Value[] {
  const result: Value[] = [];
  for (const value of input) {
    if (isNil(value)) continue;
    if (!Array.isArray(value)) throw new JsonPathError(`${goTypeName(value)} is not array or slice`);
    const len = value.length;
    let start = params[0].known ? params[0].value : 0;
    if (start < 0) start += len;
    let end = params[1].known ? params[1].value : len;
    if (end < 0 || (end === 0 && params[1].derived)) end += len;
    // Asking for zero elements ends the whole evaluation with what was found so far, as upstream does.
    if (end === start) return result;
    if (start >= len || start < 0) throw new JsonPathError(`array index out of bounds: index ${start}, length ${len}`);
    if (end > len || end < 0) throw new JsonPathError(`array index out of bounds: index ${end - 1}, length ${len}`);
    if (start > end) throw new JsonPathError(`starting index ${start} is greater than ending index ${end}`);
    let step = 1;
    if (params[2].known) {
      if (params[2].value <= 0) throw new JsonPathError('step must be > 0');
      step = params[2].value;
    }
    for (let i = start; i < end; i += step) result.push(value[i]);
  }
  return result;
}

function evalRecursive(input: Value[]): Value[] {
  const result: Value[] = [];
  for (const value of input) {
    if (isNil(value)) continue;
    const kids = children(value);
    if (!kids?.length) continue;
    result.push(value, ...evalRecursive(kids));
  }
  return result;
}

/**
 * The filter operators of text/template's comparison functions: same-kind values only (a string never equals
 * a number; incompatible kinds are not an error, the element just does not match).
 * Simplification: any two numbers compare by value; Go would tell an object's int64 from a literal's float64.
 */
function compare(op: string, l: Value, r: Value): boolean {
  const kind = (v: Value) => (typeof v === 'number' ? 'number' : typeof v === 'string' ? 'string' : typeof v === 'boolean' ? 'bool' : undefined);
  const kl = kind(l);
  const kr = kind(r);
  if (!['<', '>', '==', '!=', '<=', '>='].includes(op)) throw new JsonPathError(`unrecognized filter operator ${op}`);
  if (!kl || kl !== kr) return false;
  if (kl === 'bool' && op !== '==' && op !== '!=') return false;
  const a = l as number | string;
  const b = r as number | string;
  switch (op) {
    case '<': return a < b;
    case '>': return a > b;
    case '==': return a === b;
    case '!=': return a !== b;
    case '<=': return a <= b;
    default: return a >= b;
  }
}

/** PrintResults: maps and lists as compact JSON, scalars as fmt.Fprint prints them, joined by a space. */
function printResults(results: Value[]): string {
  return results.map((r) => (Array.isArray(r) || isObj(r) ? goJson(r) : goValueText(r))).join(' ');
}

/** kubectl's RelaxedJSONPathExpression: "a.b", ".a.b", "{a.b}" and "{.a.b}" all become "{.a.b}". */
export function relaxedJsonPathExpression(expr: string): string {
  if (expr === '') return expr;
  const m = /^\{\.?([^{}]+)\}$|^\.?([^{}]+)$/.exec(expr);
  if (!m) throw new JsonPathError("unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'");
  return `{.${m[1] ?? m[2]}}`;
}
