// kubectl cluster-info: the API server's address, then each kube-system Service labelled
// kubernetes.io/cluster-service=true with its API server proxy link (or its load balancer's addresses).
// kubectl colours the names when it writes to a terminal; the simulator prints them plain.
import type { Service } from 'kubernetes-types/core/v1';
import { parseSelector } from '../../api/labels.ts';
import type { KubectlContext } from '../context.ts';
import { serverOf } from '../clientconfig.ts';
import type { ParsedArgs } from '../flags.ts';

export function clusterInfoCommand(ctx: KubectlContext, args: ParsedArgs): number {
  // The server kubectl talks to (--server, else the selected context's cluster's), as kubectl prints its host.
  const server = serverOf(ctx.kubeconfig, args);
  const lines = [`Kubernetes control plane is running at ${server}`];
  const services = ctx.store.list<Service>('Service', { namespace: 'kube-system', labelSelector: parseSelector('kubernetes.io/cluster-service=true') });
  for (const svc of services) {
    const name = svc.metadata.labels?.['kubernetes.io/name'] || svc.metadata.name;
    lines.push(`${name} is running at ${serviceLink(svc, server)}`);
  }
  lines.push('', "To further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.");
  ctx.out.push(lines.join('\n'));
  return 0;
}

function serviceLink(svc: Service, server: string): string {
  const ingress = svc.status?.loadBalancer?.ingress?.[0];
  if (ingress) {
    const host = ingress.ip || ingress.hostname;
    return (svc.spec?.ports ?? []).map((p) => `http://${host}:${p.port} `).join('');
  }
  let target = svc.metadata!.name!;
  const port = svc.spec?.ports?.[0];
  if (port) {
    // https is guessed from the first port; utilnet.JoinSchemeNamePort writes three segments with a scheme.
    const scheme = port.name === 'https' || port.port === 443 ? 'https' : '';
    if (scheme) target = `${scheme}:${target}:${port.name ?? ''}`;
    else if (port.name) target = `${target}:${port.name}`;
  }
  return `${server}/api/v1/namespaces/${svc.metadata!.namespace}/services/${target}/proxy`;
}
