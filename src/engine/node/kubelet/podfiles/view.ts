// One container's file tree for `kubectl exec`, built when someone looks: the kubelet's generated files
// (/etc/hosts, /etc/resolv.conf, /etc/hostname, /dev/termination-log), the service account files, every volume
// mount (subPath, readOnly), and what the pod's processes wrote: into a shared volume (seen by every container
// mounting it) or into their own writable layer (seen by that container instance only).
import type { Container, Pod, Volume } from 'kubernetes-types/core/v1';
import { CLUSTER_DOMAIN } from '../../../api/dns.ts';
import { copyTree, dir, file, lookup, place, splitPath, type FileNode, type WrittenFile } from '../../runtime/fs/tree.ts';
import { hostNetworkHostsFile, managedHostsFile, nodeHostsFile } from './hosts.ts';
import { podDNS, resolvConf } from './resolvconf.ts';
import { SERVICE_ACCOUNT_DIR } from './serviceaccount.ts';
import { clusterCACert } from '../../../apiserver/clusterca.ts';
import { atomicVolumeDir, DEFAULT_MODE, volumePayload, type Payload, type PayloadSources } from './volumes.ts';

export interface ContainerViewInput {
  /** The pod as the kubelet had it at its last sync (downward API files show that version). */
  pod: Pod;
  container: Container;
  containerId: string;
  /** Volume sources as of the last sync, and as of the container's start (subPath mounts never update). */
  synced: PayloadSources;
  atStart: PayloadSources;
  /** When the atomic writer last wrote the volumes, and when the pod started. */
  syncedAt: number;
  podStart: number;
  writes: readonly WrittenFile[];
  hostname: string;
  nodeName: string;
  nodeIP: string;
  /** The service account token, when it is automounted. */
  token?: string;
}

/** The directories every image has (SIMULATION: their contents are not simulated). */
const SKELETON = ['bin', 'dev', 'etc', 'home', 'lib', 'mnt', 'opt', 'proc', 'root', 'run', 'sbin', 'srv', 'sys', 'tmp', 'usr', 'var'];
/** Volumes whose content the kubelet writes: mounted read-only whatever the mount says. */
const isAtomic = (v: Volume) => !!(v.configMap || v.secret || v.downwardAPI || v.projected);

/** The mount of `container` that holds `path` (the deepest), with the path inside the volume. */
function mountOf(pod: Pod, container: Container | undefined, path: string): { volume: Volume; rel: string; readOnly: boolean } | undefined {
  const parts = splitPath(path);
  let best: { volume: Volume; rel: string; readOnly: boolean; depth: number } | undefined;
  for (const m of container?.volumeMounts ?? []) {
    const mp = splitPath(m.mountPath);
    if (mp.length > parts.length || mp.some((p, i) => parts[i] !== p) || (best && best.depth >= mp.length)) continue;
    const volume = pod.spec?.volumes?.find((v) => v.name === m.name);
    if (!volume) continue;
    best = { volume, rel: [...splitPath(m.subPath ?? ''), ...parts.slice(mp.length)].join('/'), readOnly: !!m.readOnly || isAtomic(volume), depth: mp.length };
  }
  return best;
}

function apply(files: Map<string, { data: string; at: number }>, key: string, w: WrittenFile): void {
  if (w.data === undefined) { files.delete(key); return; }
  const old = files.get(key);
  files.set(key, { data: w.append && old ? old.data + w.data : w.data, at: w.at });
}

function serviceAccountPayload(pod: Pod, token: string): Payload {
  return new Map([
    ['ca.crt', { data: clusterCACert(), mode: DEFAULT_MODE }],
    ['namespace', { data: pod.metadata?.namespace ?? 'default', mode: DEFAULT_MODE }],
    ['token', { data: token, mode: DEFAULT_MODE }],
  ]);
}

export function containerTree(input: ContainerViewInput): FileNode {
  const { pod, container, podStart } = input;
  const root = dir(podStart);
  for (const d of SKELETON) root.children!.set(d, dir(podStart, d === 'tmp' ? 0o777 : 0o755));
  const hostNetwork = !!pod.spec?.hostNetwork;
  const ips = (pod.status?.podIPs ?? []).flatMap((i) => (i.ip ? [i.ip] : []));
  const domain = pod.spec?.subdomain ? `${pod.spec.subdomain}.${pod.metadata?.namespace ?? 'default'}.svc.${CLUSTER_DOMAIN}` : undefined;
  place(root, '/etc/hosts', file(hostNetwork ? hostNetworkHostsFile(nodeHostsFile(input.nodeName, input.nodeIP), pod.spec?.hostAliases)
    : managedHostsFile(ips.length ? ips : pod.status?.podIP ? [pod.status.podIP] : [], input.hostname, domain, pod.spec?.hostAliases), podStart));
  place(root, '/etc/resolv.conf', file(resolvConf(podDNS(pod)), podStart));
  place(root, '/etc/hostname', file(`${input.hostname}\n`, podStart));
  place(root, container.terminationMessagePath ?? '/dev/termination-log', file('', podStart, 0o666));

  // What processes wrote: per shared volume (by path inside it) and per container instance's own layer.
  const volumeFiles = new Map<string, Map<string, { data: string; at: number }>>();
  const layer = new Map<string, { data: string; at: number }>();
  const specs = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])];
  for (const w of [...input.writes].sort((a, b) => a.at - b.at)) {
    const m = mountOf(pod, specs.find((c) => c.name === w.container), w.path);
    if (m) { if (!m.readOnly) { let f = volumeFiles.get(m.volume.name); if (!f) volumeFiles.set(m.volume.name, (f = new Map())); apply(f, m.rel, w); } continue; }
    if (w.containerId === input.containerId) apply(layer, `/${splitPath(w.path).join('/')}`, w);
  }
  for (const [path, f] of layer) place(root, path, file(f.data, f.at));

  const saMounted = (container.volumeMounts ?? []).some((m) => splitPath(m.mountPath).join('/') === splitPath(SERVICE_ACCOUNT_DIR).join('/'));
  if (input.token !== undefined && !saMounted) place(root, SERVICE_ACCOUNT_DIR, atomicVolumeDir(serviceAccountPayload(pod, input.token), input.syncedAt, `${pod.metadata?.uid}/kube-api-access`, true));

  // Shallower mounts first, so that a mount inside another one shows over it.
  const mounts = [...(container.volumeMounts ?? [])].sort((a, b) => splitPath(a.mountPath).length - splitPath(b.mountPath).length);
  for (const m of mounts) {
    const v = pod.spec?.volumes?.find((x) => x.name === m.name);
    if (!v) continue;
    const atomic = isAtomic(v);
    const sources = m.subPath ? input.atStart : input.synced;
    const payload = atomic ? volumePayload(v, sources) : undefined;
    let node: FileNode;
    if (payload) node = atomicVolumeDir(payload, m.subPath ? podStart : input.syncedAt, `${pod.metadata?.uid}/${v.name}`, true);
    else {
      node = dir(podStart, 0o777);
      for (const [rel, f] of volumeFiles.get(v.name) ?? []) place(node, rel, file(f.data, f.at));
    }
    if (m.subPath) {
      // The kubelet bind-mounts what the subPath resolves to (for a configMap key: the file behind its symlink).
      const inner = lookup(node, m.subPath);
      node = inner ?? dir(podStart, 0o755);
    }
    place(root, m.mountPath, copyTree(node, !!m.readOnly || atomic));
  }
  return root;
}
