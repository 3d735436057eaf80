// kubectl explain RESOURCE[.FIELD…] [--recursive]: the documentation of a kind or a field, in the layout of
// kubectl's plaintext template (GROUP/KIND/VERSION, FIELD, DESCRIPTION, FIELDS), from the tables in schema.ts.
import { apiVersionOf } from '../../../api/kinds.ts';
import { CommandError, type KubectlContext } from '../../context.ts';
import { boolFlag, flag, type ParsedArgs } from '../../flags.ts';
import { resolveKind } from '../../resources.ts';
import { usageError } from '../usage.ts';
import { explainTable, type FieldDoc, type TypeDoc } from './schema.ts';
import { customResourceTypes } from './customresource.ts';

/**
 * The explain template's wrap: line breaks removed (descriptions are reflowed, kubectl 1.32), then go-wordwrap's
 * WrapString: a word that would pass the limit starts a new line; a word longer than the limit stays whole.
 */
export function wrap(text: string, limit: number): string {
  const s = text.replaceAll('\n', '');
  let out = '';
  let current = 0;
  let word = '';
  let space = '';
  const flush = () => {
    current += space.length + word.length;
    out += space + word;
    space = '';
    word = '';
  };
  for (const ch of s) {
    if (/\s/.test(ch) && ch !== '\u00a0') {
      if (!space || word) flush();
      space += ch;
      continue;
    }
    word += ch;
    if (current + space.length + word.length > limit && word.length < limit) {
      out += '\n';
      current = 0;
      space = '';
    }
  }
  if (word) out += space + word;
  else if (current + space.length <= limit) out += space;
  return out;
}

/** The template's indent: every line, including an empty last one, gets the prefix. */
const indent = (s: string, n: number) => ' '.repeat(n) + s.replaceAll('\n', `\n${' '.repeat(n)}`);

function fieldList(types: Record<string, TypeDoc>, type: TypeDoc, level: number, recursive: boolean, seen: Set<TypeDoc>): string {
  let out = '';
  const fields = type.f ?? {};
  for (const name of Object.keys(fields).sort()) {
    const f = fields[name];
    out += `${indent(name, level * 2)}\t<${f.t}>${f.req ? ' -required-' : ''}\n`;
    if (!recursive) {
      out += `${indent(wrap(f.d || '<no description>', 78 - level * 2), level * 2 + 2)}\n\n`;
      continue;
    }
    const sub = f.r ? types[f.r] : undefined;
    if (sub && !seen.has(sub)) out += fieldList(types, sub, level + 1, true, new Set([...seen, sub]));
  }
  return out;
}

/**
 * The longest prefix of `path` that names a resource (`deployments.apps.spec` is deployments in group apps, then
 * spec), as kubectl's SplitAndParseResourceRequestWithMatchingPrefix; an unknown resource is reported by its first part.
 */
function resourceAndFields(ctx: KubectlContext, path: string): { info: ReturnType<typeof resolveKind>; fieldPath: string[] } {
  const parts = path.split('.');
  for (let i = parts.length; i > 1; i--) {
    try {
      return { info: resolveKind(ctx.store, parts.slice(0, i).join('.')), fieldPath: parts.slice(i) };
    } catch { /* a shorter prefix may name it */ }
  }
  return { info: resolveKind(ctx.store, parts[0]), fieldPath: parts.slice(1) };
}

export function explainCommand(ctx: KubectlContext, args: ParsedArgs): number {
  const [path] = args.positional;
  if (!path) throw usageError('explain', 'You must specify the type of resource to explain. Use "kubectl api-resources" for a complete list of supported resources.');
  if (args.positional.length > 1) throw usageError('explain', 'We accept only this format: explain RESOURCE');
  const output = flag(args, 'output') ?? 'plaintext';
  if (output !== 'plaintext') throw new CommandError(`supported output format are plaintext, plaintext-openapiv2. "${output}" is not supported`);
  const { info, fieldPath } = resourceAndFields(ctx, path);
  // A custom resource is explained from its CRD's schema.
  const schema = info.custom ? ctx.store.customResources.schemaOf(info.kind) : undefined;
  const types = schema ? customResourceTypes(schema, info.kind) : explainTable().types;
  const kindDoc = schema ? types[info.kind] : types[explainTable().kinds[`${apiVersionOf(info)}/${info.kind}`]];
  if (!kindDoc?.f) throw new CommandError(`GVK ${apiVersionOf(info).includes('/') ? '' : '/'}${apiVersionOf(info)}, Kind=${info.kind} not found in OpenAPI schema`);
  let type: TypeDoc | undefined = kindDoc;
  let field: FieldDoc | undefined;
  for (const name of fieldPath) {
    field = type?.f?.[name];
    if (!field) throw new CommandError(`field "${name}" does not exist`);
    type = field.r ? types[field.r] : undefined;
  }
  let out = `${info.group ? `GROUP:      ${info.group}\n` : ''}KIND:       ${info.kind}\nVERSION:    ${info.version}\n\n`;
  let description = kindDoc.d ? `${kindDoc.d}\n` : '';
  if (field) {
    out += `FIELD: ${fieldPath[fieldPath.length - 1]} <${field.t}>\n\n\n`;
    description = `${field.d ? `${field.d}\n` : ''}${type?.d ? `${type.d}\n` : ''}`;
  }
  out += `DESCRIPTION:\n${indent(wrap(description || '<empty>', 76), 4)}\n`;
  const fields = type ? fieldList(types, type, 1, boolFlag(args, 'recursive'), new Set([type])) : '';
  if (fields) out += `FIELDS:\n${fields}`;
  ctx.out.push(out);
  return 0;
}
