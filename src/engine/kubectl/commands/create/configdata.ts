// kubectl create configmap | secret generic NAME [--from-literal=k=v] [--from-file=[key=]name]
// [--from-env-file=name]. Files are the page's editor documents (the files "kubectl apply -f NAME" reads).
import type { KubeObject } from '../../../api/object.ts';
import { CommandError, type KubectlContext } from '../../context.ts';
import { flag, type ParsedArgs } from '../../flags.ts';
import type { Generator } from './generator.ts';
import { newMeta } from './objects.ts';
import { base64Encode } from '../../../api/base64.ts';
import { appendHash } from './hash.ts';

const CONFIG_KEY = /^[-._a-zA-Z0-9]+$/;
const CONFIG_KEY_MSG = "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')";

/** ParseLiteralSource: "key=value" split at the first "=", quotes around the value dropped. */
function parseLiteral(source: string): [string, string] {
  const i = source.indexOf('=');
  if (i <= 0) throw new CommandError(`invalid literal source ${source}, expected key=value`);
  return [source.slice(0, i), source.slice(i + 1).replace(/^["']+|["']+$/g, '')];
}

function readFile(ctx: KubectlContext, path: string): string {
  const text = ctx.files.get(path);
  if (text === undefined) throw new CommandError(`error reading ${path}: no such file or directory`);
  return text;
}

/** ParseFileSource: "key=path", or "path" with the file's base name as key. */
function parseFileSource(source: string): [string, string] {
  const i = source.indexOf('=');
  if (i === 0 || source.endsWith('=')) throw new CommandError(`key names or file paths cannot contain '='`);
  return i < 0 ? [source.split('/').pop() ?? source, source] : [source.slice(0, i), source.slice(i + 1)];
}

/** The key/value pairs of the sources, in the order given, validated like ConfigMap and Secret keys. */
export function collect(ctx: KubectlContext, args: ParsedArgs, kind: 'ConfigMap' | 'Secret', name: string): Map<string, string> {
  const literals = args.flags.get('from-literal') ?? [];
  const files = args.flags.get('from-file') ?? [];
  const envFile = flag(args, 'from-env-file');
  if (envFile && (files.length || literals.length)) throw new CommandError('from-env-file cannot be combined with from-file or from-literal');
  const data = new Map<string, string>();
  const add = (key: string, value: string) => {
    if (!CONFIG_KEY.test(key) || key.length > 253) {
      throw new CommandError(kind === 'ConfigMap' ? `"${key}" is not a valid key name for a ConfigMap: ${CONFIG_KEY_MSG}` : `"${key}" is not valid key name for a Secret ${CONFIG_KEY_MSG}`);
    }
    if (data.has(key)) throw new CommandError(`cannot add key "${key}", another key by that name already exists in Data for ${kind} "${name}"`);
    data.set(key, value);
  };
  for (const f of files) {
    const [key, path] = parseFileSource(f);
    add(key, readFile(ctx, path));
  }
  for (const l of literals) add(...parseLiteral(l));
  if (envFile) {
    for (const line of readFile(ctx, envFile).split('\n')) {
      const trimmed = line.trim();
      if (!trimmed || trimmed.startsWith('#')) continue;
      const i = trimmed.indexOf('=');
      if (i < 0) throw new CommandError(`invalid env: ${trimmed}`);
      add(trimmed.slice(0, i), trimmed.slice(i + 1));
    }
  }
  return data;
}

export const configMapGenerator: Generator = {
  kind: 'ConfigMap',
  failure: (m) => `failed to create configmap: ${m}`,
  build({ ctx, args, name, namespace }) {
    const data = collect(ctx, args, 'ConfigMap', name);
    return appendHash(args, { apiVersion: 'v1', kind: 'ConfigMap', metadata: newMeta(name, namespace), ...(data.size ? { data: Object.fromEntries(data) } : {}) } as KubeObject);
  },
};

/** newSecretObj with the data kubectl read (base64 on the wire); an empty type is left out, as omitempty does. */
export function newSecret(name: string, namespace: string | undefined, type: string | undefined, data: Map<string, string>): KubeObject {
  return {
    apiVersion: 'v1', kind: 'Secret', metadata: newMeta(name, namespace),
    ...(data.size ? { data: Object.fromEntries([...data].map(([k, v]) => [k, base64Encode(v)])) } : {}),
    ...(type ? { type } : {}),
  } as KubeObject;
}

export const secretGenericGenerator: Generator = {
  kind: 'Secret',
  failure: (m) => `failed to create secret ${m}`,
  build({ ctx, args, name, namespace }) {
    const data = collect(ctx, args, 'Secret', name);
    const type = flag(args, 'type');
    return appendHash(args, newSecret(name, namespace, type, data));
  },
};
