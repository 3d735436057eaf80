// kubectl create ingress NAME --rule=host/path=service:port[,tls[=secret]] [--class] [--default-backend]
// [--annotation k=v]: one rule per host, one path per --rule ("*" at the end makes it Prefix, else Exact), and a TLS
// entry per host that asks for one, grouped by secret.
import type { HTTPIngressPath, IngressBackend, IngressRule, IngressTLS } from 'kubernetes-types/networking/v1';
import type { KubeObject } from '../../../api/object.ts';
import { CommandError } from '../../context.ts';
import { flag } from '../../flags.ts';
import type { Generator } from './generator.ts';
import { newMeta } from './objects.ts';

const RULE = /^([\w*\-.]*)(\/[^,=\n]*)=([\w-]+):([\w-]+)(,(tls)=?([\w-]+)?)?$/;

/** IngressBackend of "service:port": a port number, or a port name. */
function backend(spec: string): IngressBackend {
  const [name, port] = spec.split(':');
  return { service: { name, port: /^[+-]?\d+$/.test(port) ? { number: Number(port) } : { name: port } } };
}

function httpPath(pathService: string): HTTPIngressPath {
  const [rawPath, service] = pathService.split('=');
  let path = `/${rawPath}`;
  let pathType = 'Exact';
  if (path.endsWith('*')) {
    pathType = 'Prefix';
    path = path.slice(0, -1);
  }
  return { path, pathType, backend: backend(service) };
}

function rules(list: string[]): IngressRule[] {
  const out: IngressRule[] = [];
  for (const rule of list) {
    const [hostPath] = rule.split(',');
    const slash = hostPath.indexOf('/');
    const host = hostPath.slice(0, slash);
    const path = httpPath(hostPath.slice(slash + 1));
    const existing = out.find((r) => (r.host ?? '') === host);
    if (existing) existing.http!.paths.push(path);
    else out.push({ ...(host ? { host } : {}), http: { paths: [path] } });
  }
  return out;
}

/** buildTLSRules: hosts that ask for TLS, each once, added to the entry of the same secret. */
function tls(list: string[]): IngressTLS[] {
  const out: IngressTLS[] = [];
  const seen = new Set<string>();
  for (const rule of list) {
    const parts = rule.split(',');
    if (parts.length !== 2) continue;
    const host = rule.split('/')[0];
    const secret = parts[1].split('=')[1] ?? '';
    if (seen.has(host)) continue;
    seen.add(host);
    const same = out.find((t) => (t.secretName ?? '') === secret);
    if (same) {
      (same.hosts ??= []).push(host);
      continue;
    }
    const entry: IngressTLS = { ...(host ? { hosts: [host] } : {}), ...(secret ? { secretName: secret } : {}) };
    if (entry.hosts || entry.secretName) out.push(entry);
  }
  return out;
}

export const ingressGenerator: Generator = {
  kind: 'Ingress',
  failure: (m) => `failed to create ingress: ${m}`,
  build({ args, name, namespace }) {
    const ruleList = args.flags.get('rule') ?? [];
    const annotationList = args.flags.get('annotation') ?? [];
    const defaultBackend = flag(args, 'default-backend') ?? '';
    const className = flag(args, 'class') ?? '';
    if (!defaultBackend && !ruleList.length) {
      throw new CommandError('not enough information provided: every ingress has to either specify a default-backend (which catches all traffic) or a list of rules (which catch specific paths)');
    }
    for (const r of ruleList) if (!RULE.test(r)) throw new CommandError(`rule ${r} is invalid and should be in format host/path=svcname:svcport[,tls[=secret]]`);
    for (const a of annotationList) if (!a.includes('=')) throw new CommandError(`annotation ${a} is invalid and should be in format key=[value]`);
    if (defaultBackend && defaultBackend.split(':').length !== 2) throw new CommandError('default-backend should be in format servicename:serviceport');
    const annotations = Object.fromEntries(annotationList.map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]));
    const tlsList = tls(ruleList);
    const ruleObjs = rules(ruleList);
    const spec = {
      ...(className ? { ingressClassName: className } : {}),
      ...(defaultBackend ? { defaultBackend: backend(defaultBackend) } : {}),
      ...(tlsList.length ? { tls: tlsList } : {}),
      ...(ruleObjs.length ? { rules: ruleObjs } : {}),
    };
    return {
      apiVersion: 'networking.k8s.io/v1', kind: 'Ingress',
      metadata: newMeta(name, namespace, annotationList.length ? { annotations } : {}),
      spec,
      // Go encodes the empty IngressStatus struct.
      status: { loadBalancer: {} },
    } as KubeObject;
  },
};
