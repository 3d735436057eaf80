// kubectl config set PROPERTY_NAME PROPERTY_VALUE and unset PROPERTY_NAME: a dot-separated path through the
// kubeconfig ("contexts.dev.namespace", "current-context"). A map key may hold dots: it runs up to the next part
// that names a field of the entry ("clusters.10.0.0.1.server" is cluster "10.0.0.1"), as kubectl's parser reads it.
//
// Simplification: the paths reach current-context and the fields the simulator keeps for clusters, users and
// contexts (not preferences, extensions, auth providers or exec plugins); in error texts Go's type names stand
// where kubectl prints pointer addresses.
import { CommandError } from '../../context.ts';
import { FIELD_KINDS, placeholder, type FieldKind, type Kubeconfig } from '../../kubeconfig.ts';
import { unexpectedArgs, type ConfigRun } from './args.ts';
import { goQuote } from '../../../api/validation.ts';
import { parseBoolFlag, parseGoBool } from '../../flags.ts';

type EntryKind = keyof typeof FIELD_KINDS;
const GO_TYPES: Record<EntryKind, string> = { clusters: 'api.Cluster', users: 'api.AuthInfo', contexts: 'api.Context' };

/** current-context, or a map of entries, optionally one entry, optionally one of its fields. */
type Path = { kind: 'current-context' } | { kind: EntryKind; name?: string; field?: string };

function describeSteps(steps: { value: string; type: string }[]): string {
  return `[${steps.map((s) => `{${s.value} ${s.type}}`).join(' ')}]`;
}

/** newNavigationSteps. */
function parsePath(path: string): Path {
  const parts = path.split('.');
  const first = parts[0];
  const described: { value: string; type: string }[] = [];
  const fail = (at: string) => new CommandError(`unable to parse ${path} after ${describeSteps(described)} at ${at}`);
  if (first === 'current-context') {
    if (parts.length > 1) throw new CommandError(`unable to parse one or more field values of ${path}`);
    return { kind: 'current-context' };
  }
  if (!(first in FIELD_KINDS)) throw fail('api.Config');
  const kind = first as EntryKind;
  described.push({ value: kind, type: `map[string]*${GO_TYPES[kind]}` });
  if (parts.length === 1) return { kind };
  const fields = Object.keys(FIELD_KINDS[kind]);
  const rest = parts.slice(1);
  const known = rest.slice(1).findIndex((p) => fields.includes(p));
  const nameParts = known < 0 ? rest.length : known + 1;
  const name = rest.slice(0, nameParts).join('.');
  described.push({ value: name, type: GO_TYPES[kind] });
  const after = rest.slice(nameParts);
  if (!after.length) return { kind, name };
  if (after.length > 1) throw new CommandError(`unable to parse one or more field values of ${path}`);
  return { kind, name, field: after[0] };
}

/** base64.StdEncoding's check of a value for a []byte field, with Go's error position. */
function checkBase64(value: string): void {
  const bad = (at: number) => new CommandError(`error decoding input value: illegal base64 data at input byte ${at}`);
  const s = value.replace(/[\r\n]/g, '');
  const invalid = s.search(/[^A-Za-z0-9+/=]/);
  if (invalid >= 0) throw bad(invalid);
  const pad = s.indexOf('=');
  if (pad >= 0 && (s.length % 4 !== 0 || pad < s.length - 2 || !/^=+$/.test(s.slice(pad)) || pad % 4 < 2)) throw bad(pad);
  if (s.length % 4 !== 0) throw bad(s.length - (s.length % 4));
}

/** modifyConfig: set (value) or unset (undefined) the property. */
function modify(kc: Kubeconfig, t: Path, value: string | undefined, rawBytes: boolean): void {
  if (t.kind === 'current-context') {
    kc.currentContext = value ?? '';
    return;
  }
  const entries = kc[t.kind] as Map<string, Record<string, unknown>>;
  if (t.name === undefined || t.field === undefined) {
    if (value !== undefined) throw new CommandError(`can't set a map to a value: map[${[...entries.keys()].sort().map((k) => `${k}:&{…}`).join(' ')}]`);
    if (t.name === undefined) entries.clear();
    else entries.delete(t.name);
    return;
  }
  let entry = entries.get(t.name);
  if (!entry) {
    if (value === undefined) throw new CommandError(`current map key \`${t.name}\` is invalid`);
    entry = t.kind === 'clusters' ? { server: '' } : t.kind === 'contexts' ? { cluster: '', user: '' } : {};
    entries.set(t.name, entry);
  }
  const kind = (FIELD_KINDS[t.kind] as Record<string, FieldKind>)[t.field];
  const required = t.field === 'server' || (t.kind === 'contexts' && t.field !== 'namespace');
  if (value === undefined) {
    if (required) entry[t.field] = '';
    else delete entry[t.field];
  } else if (kind === 'bool') {
    const b = parseGoBool(value);
    if (b === undefined) throw new CommandError(`strconv.ParseBool: parsing ${goQuote(value)}: invalid syntax`);
    entry[t.field] = b;
  } else {
    if (kind === 'data' && !rawBytes) checkBase64(value);
    entry[t.field] = placeholder(kind, value);
  }
}

export const setPropertyCommand: ConfigRun = (ctx, kc, args) => {
  if (args.positional.length !== 2) throw unexpectedArgs(args.positional);
  const [name, value] = args.positional;
  if (!value) throw new CommandError('you cannot use set to unset a property');
  if (!name) throw new CommandError('you must specify a property');
  modify(kc, parsePath(name), value, parseBoolFlag(args, 'set-raw-bytes') ?? false);
  ctx.out.push(`Property ${goQuote(name)} set.`);
  return 0;
};

export const unsetPropertyCommand: ConfigRun = (ctx, kc, args) => {
  if (args.positional.length !== 1) throw unexpectedArgs(args.positional);
  const [name] = args.positional;
  if (!name) throw new CommandError('you must specify a property');
  modify(kc, parsePath(name), undefined, true);
  ctx.out.push(`Property ${goQuote(name)} unset.`);
  return 0;
};
