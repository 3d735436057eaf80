// kubectl create secret docker-registry | tls: Secrets of the two typed shapes kubectl builds itself.
import { base64Encode } from '../../../api/base64.ts';
import { htmlEscapeJson } from '../../../api/gojson.ts';
import { CommandError, type KubectlContext } from '../../context.ts';
import { flag } from '../../flags.ts';
import { collect, newSecret } from './configdata.ts';
import type { Generator } from './generator.ts';
import { appendHash } from './hash.ts';

export const DEFAULT_DOCKER_SERVER = 'https://index.docker.io/v1/';

/**
 * The .dockerconfigjson kubectl writes: json.Marshal of DockerConfigJSON, whose struct fields keep their declared
 * order (username, password, email, auth), empty ones left out.
 */
export function dockerConfigJson(username: string, password: string, email: string, server: string): string {
  const entry: Record<string, string> = {};
  if (username) entry.username = username;
  if (password) entry.password = password;
  if (email) entry.email = email;
  const auth = base64Encode(`${username}:${password}`);
  if (auth) entry.auth = auth;
  return htmlEscapeJson(JSON.stringify({ auths: { [server]: entry } }));
}

export const secretDockerRegistryGenerator: Generator = {
  kind: 'Secret',
  failure: (m) => `failed to create secret ${m}`,
  build({ ctx, args, name, namespace }) {
    const username = flag(args, 'docker-username') ?? '';
    const password = flag(args, 'docker-password') ?? '';
    const server = flag(args, 'docker-server') ?? DEFAULT_DOCKER_SERVER;
    const fromFile = args.flags.get('from-file') ?? [];
    if (!fromFile.length && (!username || !password || !server)) {
      throw new CommandError('either --from-file or the combination of --docker-username, --docker-password and --docker-server is required');
    }
    const data = fromFile.length ? collect(ctx, args, 'Secret', name) : new Map([['.dockerconfigjson', dockerConfigJson(username, password, flag(args, 'docker-email') ?? '', server)]]);
    return appendHash(args, newSecret(name, namespace, 'kubernetes.io/dockerconfigjson', data));
  },
};

/** The types of a file's PEM blocks ("-----BEGIN TYPE-----" … "-----END TYPE-----"), in order. */
function pemBlocks(text: string): { type: string }[] {
  return [...text.matchAll(/-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?-----END \1-----/g)].map((m) => ({ type: m[1] }));
}

/**
 * tls.X509KeyPair's checks that need no cryptography: a CERTIFICATE block in the certificate input and a
 * PRIVATE KEY block in the key input, with Go's texts when they are missing or swapped.
 * SIMULATION: the DER inside is not parsed, so a malformed certificate or a key that doesn't match is accepted.
 */
export function checkKeyPair(cert: string, key: string): void {
  const certBlocks = pemBlocks(cert);
  if (!certBlocks.some((b) => b.type === 'CERTIFICATE')) {
    if (!certBlocks.length) throw new CommandError('tls: failed to find any PEM data in certificate input');
    if (certBlocks.length === 1 && certBlocks[0].type.endsWith('PRIVATE KEY')) throw new CommandError('tls: failed to find certificate PEM data in certificate input, but did find a private key; PEM inputs may have been switched');
    throw new CommandError(`tls: failed to find "CERTIFICATE" PEM block in certificate input after skipping PEM blocks of the following types: [${certBlocks.map((b) => b.type).join(' ')}]`);
  }
  const keyBlocks = pemBlocks(key);
  if (keyBlocks.some((b) => b.type === 'PRIVATE KEY' || b.type.endsWith(' PRIVATE KEY'))) return;
  if (!keyBlocks.length) throw new CommandError('tls: failed to find any PEM data in key input');
  if (keyBlocks.length === 1 && keyBlocks[0].type === 'CERTIFICATE') throw new CommandError('tls: found a certificate rather than a key in the PEM for the private key');
  throw new CommandError(`tls: failed to find PEM block with type ending in "PRIVATE KEY" in key input after skipping PEM blocks of the following types: [${keyBlocks.map((b) => b.type).join(' ')}]`);
}

export const secretTLSGenerator: Generator = {
  kind: 'Secret',
  failure: (m) => `failed to create secret: ${m}`,
  build({ ctx, args, name, namespace }) {
    const certPath = flag(args, 'cert') ?? '';
    const keyPath = flag(args, 'key') ?? '';
    if (!certPath || !keyPath) throw new CommandError('key and cert must be specified');
    const cert = readTLSFile(ctx, certPath);
    const key = readTLSFile(ctx, keyPath);
    checkKeyPair(cert, key);
    return appendHash(args, newSecret(name, namespace, 'kubernetes.io/tls', new Map([['tls.crt', cert], ['tls.key', key]])));
  },
};

/** readFile of create_secret_tls.go, whose error wording differs from --from-file's. */
function readTLSFile(ctx: KubectlContext, path: string): string {
  const text = ctx.files.get(path);
  if (text === undefined) throw new CommandError(`Cannot read file ${path}, open ${path}: no such file or directory`);
  return text;
}
