// kubectl create service clusterip | nodeport | loadbalancer | externalname NAME [--tcp=port[:targetPort]]:
// a Service selecting app=NAME, labelled the same, one TCP port per --tcp named after it ("5678:8080" → "5678-8080").
import type { ServicePort } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../../api/object.ts';
import { isDNS1123Subdomain } from '../../../api/validation.ts';
import { portNameErrors } from '../../../apiserver/admission/validation/containers.ts';
import { CommandError } from '../../context.ts';
import { flag } from '../../flags.ts';
import { intFlag } from '../numericflags.ts';
import type { Generator } from './generator.ts';
import { newMeta } from './objects.ts';

export type ServiceType = 'ClusterIP' | 'NodePort' | 'LoadBalancer' | 'ExternalName';

/** utilsnet.ParsePort(s, allowZero=true): strconv.ParseUint(s, 10, 16). */
function parsePort(s: string): number {
  if (!/^\d+$/.test(s)) throw new CommandError(`strconv.ParseUint: parsing ${JSON.stringify(s)}: invalid syntax`);
  const n = Number(s);
  if (n > 65535) throw new CommandError(`strconv.ParseUint: parsing ${JSON.stringify(s)}: value out of range`);
  return n;
}

/** parsePorts: "port" or "port:targetPort", the target a number (1-65535) or a port name. */
export function parseTCP(spec: string): { port: number; targetPort: number | string } {
  const [first, second] = spec.split(':');
  const port = parsePort(first);
  if (second === undefined) return { port, targetPort: port };
  if (/^[+-]?\d+$/.test(second)) {
    const n = Number(second);
    if (n < 1 || n > 65535) throw new CommandError('must be between 1 and 65535, inclusive');
    return { port, targetPort: n };
  }
  const errs = portNameErrors(second);
  if (errs.length) throw new CommandError(errs.join(','));
  return { port, targetPort: second };
}

function serviceGenerator(type: ServiceType): Generator {
  return {
    kind: 'Service',
    failure: (m) => `failed to create ${type} service: ${m}`,
    build({ args, name, namespace }) {
      const clusterIP = flag(args, 'clusterip') ?? '';
      const tcp = (args.flags.get('tcp') ?? []).flatMap((t) => t.split(','));
      const externalName = flag(args, 'external-name') ?? '';
      if (type === 'ExternalName' && externalName === '' && flag(args, 'external-name') === undefined) {
        throw new CommandError('required flag(s) "external-name" not set');
      }
      // ClusterIP=None with another type cannot happen: only `create service clusterip` has --clusterip.
      if (clusterIP !== 'None' && !tcp.length && type !== 'ExternalName') throw new CommandError('at least one tcp port specifier must be provided');
      if (type === 'ExternalName' && isDNS1123Subdomain(externalName).length) throw new CommandError(`invalid service external name ${externalName}`);
      const nodePort = intFlag(args, 'node-port', 0);
      const ports: ServicePort[] = tcp.map((t) => {
        const { port, targetPort } = parseTCP(t);
        return { name: t.replaceAll(':', '-'), protocol: 'TCP', port, targetPort, ...(nodePort ? { nodePort } : {}) };
      });
      const spec: Record<string, unknown> = {
        ...(ports.length ? { ports } : {}),
        selector: { app: name },
        ...(clusterIP ? { clusterIP } : {}),
        type,
        ...(externalName ? { externalName } : {}),
      };
      return {
        apiVersion: 'v1', kind: 'Service', metadata: newMeta(name, namespace, { labels: { app: name } }), spec,
        // Go encodes the empty LoadBalancerStatus struct.
        status: { loadBalancer: {} },
      } as KubeObject;
    },
  };
}

export const serviceGenerators: Record<string, Generator> = {
  clusterip: serviceGenerator('ClusterIP'),
  nodeport: serviceGenerator('NodePort'),
  loadbalancer: serviceGenerator('LoadBalancer'),
  externalname: serviceGenerator('ExternalName'),
};
