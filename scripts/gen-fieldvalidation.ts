// Generates src/engine/apiserver/fieldvalidation/table.ts: for every built-in kind the simulator serves, the Go
// structs its JSON decodes into (field name -> type, with int32/int64/float64, Time, IntOrString, Quantity …), so
// that the field validation decoder names Go structs and types as the API server's JSON decoder does.
// Run once by hand (the table is committed):
//   npm pack @kubernetes/client-node@2.0.1 kubernetes-models@5.1.0   (in an empty folder, then untar each)
//   npx tsx scripts/gen-fieldvalidation.ts CLIENT_NODE_PACKAGE_DIR KUBERNETES_MODELS_PACKAGE_DIR
// Sources: @kubernetes/client-node's generated models (OpenAPI release-1.36: class per definition, each field's
// type and format); OpenAPI gives Quantity as a plain string there, so kubernetes-models' declarations (which keep
// the Quantity definition) say which fields are Quantities.
// Simplification: client-node drops the format of number arrays' elements; they are taken as int64.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { KindRegistry } from '../src/engine/api/kinds.ts';

interface Attr { baseName: string; type: string; format: string }

const [clientNode, models] = process.argv.slice(2);
if (!clientNode || !models) throw new Error('usage: tsx scripts/gen-fieldvalidation.ts CLIENT_NODE_DIR KUBERNETES_MODELS_DIR');
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const modelDir = join(clientNode, 'dist/gen/models');

const attrsCache = new Map<string, Attr[] | undefined>();
async function attrsOf(cls: string): Promise<Attr[] | undefined> {
  if (!attrsCache.has(cls)) {
    let attrs: Attr[] | undefined;
    try {
      const mod = await import(pathToFileURL(join(modelDir, `${cls}.js`)).href) as Record<string, { attributeTypeMap?: Attr[] }>;
      attrs = mod[cls]?.attributeTypeMap;
    } catch { attrs = undefined; }
    attrsCache.set(cls, attrs);
  }
  return attrsCache.get(cls);
}

/** "v1/ResourceRequirements" -> the fields kubernetes-models types as Quantity. */
function quantityFields(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) { if (!e.name.startsWith('_') && e.name !== 'node_modules') walk(p); continue; }
      if (!e.name.endsWith('.d.ts')) continue;
      const fields = [...readFileSync(p, 'utf8').matchAll(/^\s*"([^"]+)"\??: (?:\{\s*\[key: string\]: |Array<)?IIoK8sApimachineryPkgApiResourceQuantity\b/gm)].map((m) => m[1]);
      if (!fields.length) continue;
      const rel = relative(models, p).replace(/\.d\.ts$/, '').split('/');
      out.set(`${rel[rel.length - 2]}/${rel[rel.length - 1]}`, new Set(fields));
    }
  };
  walk(models);
  return out;
}

const CLASS = /^(?:[A-Z][a-z]+)?(V\d+(?:alpha\d+|beta\d+)?)([A-Z]\w*)$/;
const quantities = quantityFields();
const structs: Record<string, Record<string, string>> = {};

async function typeOf(t: string, format: string, quantity: boolean): Promise<string> {
  const arr = /^Array<(.+)>$/.exec(t);
  if (arr) return `[]${await typeOf(arr[1], arr[1] === 'number' ? 'int64' : '', quantity)}`;
  const map = /^\{ \[key: string\]: (.+); \}$/.exec(t);
  if (map) return `map[string]${await typeOf(map[1], map[1] === 'Date' ? 'date-time' : '', quantity)}`;
  if (t === 'string') return quantity ? 'Quantity' : format === 'byte' ? '[]byte' : format === 'date-time' ? 'Time' : format === 'date-time-micro' ? 'MicroTime' : 'string';
  if (t === 'Date') return format === 'date-time-micro' ? 'MicroTime' : 'Time';
  if (t === 'V1MicroTime') return 'MicroTime';
  if (t === 'boolean') return 'bool';
  if (t === 'number') return format === 'int32' ? 'int32' : format === 'double' ? 'float64' : 'int64';
  if (t === 'IntOrString') return 'IntOrString';
  if (t === 'any') return 'any';
  await addStruct(t);
  return t;
}

async function addStruct(cls: string): Promise<void> {
  if (structs[cls]) return;
  const attrs = await attrsOf(cls);
  if (!attrs) throw new Error(`no model ${cls}`);
  const fields: Record<string, string> = {};
  structs[cls] = fields;
  const m = CLASS.exec(cls);
  const q = m ? quantities.get(`${m[1].toLowerCase()}/${m[2]}`) : undefined;
  for (const a of attrs) fields[a.baseName] = await typeOf(a.type, a.format, q?.has(a.baseName) ?? false);
}

const kinds: Record<string, string> = {};
for (const info of new KindRegistry().all()) {
  const v = info.version[0].toUpperCase() + info.version.slice(1);
  const candidates = [`${v}${info.kind}`, ...(info.group === '' ? [`Core${v}${info.kind}`] : [])];
  let found: string | undefined;
  for (const c of candidates) {
    const attrs = await attrsOf(c);
    // A kind's class has apiVersion and kind; a same-named non-kind struct (events.k8s.io's Event aside) does not.
    if (attrs?.some((a) => a.baseName === 'kind') && attrs.some((a) => a.baseName === 'metadata')) { found = c; break; }
  }
  if (!found) { console.warn(`no schema for ${info.kind} (${info.group}/${info.version}): not validated`); continue; }
  await addStruct(found);
  kinds[`${info.group ? `${info.group}/` : ''}${info.version}/${info.kind}`] = found;
}

const sorted = Object.fromEntries(Object.keys(structs).sort().map((k) => [k, structs[k]]));
const text = `// Generated by scripts/gen-fieldvalidation.ts from @kubernetes/client-node 2.0.1 (OpenAPI release-1.36) and
// kubernetes-models 5.1.0 (which fields are Quantities): do not edit. Field -> type: string, bool, int32, int64,
// float64, []byte, Time, MicroTime, IntOrString, Quantity, any, []T, map[string]T, or a struct (a key of STRUCTS).
export const KINDS: Record<string, string> = ${JSON.stringify(kinds)};
export const STRUCTS: Record<string, Record<string, string>> = ${JSON.stringify(sorted)};
`;
writeFileSync(join(root, 'src/engine/apiserver/fieldvalidation/table.ts'), text);
console.log(`${Object.keys(kinds).length} kinds, ${Object.keys(structs).length} structs, ${(text.length / 1024).toFixed(1)} KB`);
