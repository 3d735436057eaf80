// The simulated image registry. SIMULATION: image sizes and pull speed are invented, documented parameters
// (a real pull depends on the registry, network and layers already present).
import { hashString } from '../../sim/rng.ts';

/** Download speed used for every pull (bytes per second of virtual time). */
export const PULL_BYTES_PER_SECOND = 40 * 1024 * 1024;
/** Fixed cost of a pull (manifest, auth, unpacking start). */
export const PULL_BASE_MS = 300;

/** Sizes of well-known images, close to their real compressed sizes. */
const knownSizes: Record<string, number> = {
  nginx: 72_099_501,
  busybox: 2_155_275,
  'registry.k8s.io/pause': 320_368,
  'registry.k8s.io/coredns/coredns': 18_562_039,
  'registry.k8s.io/kube-proxy': 30_181_592,
  redis: 45_412_310,
  postgres: 158_614_842,
  python: 375_193_458,
  httpd: 58_053_418,
  'nvcr.io/nvidia/pytorch': 9_848_122_880,
  'vllm/vllm-openai': 8_932_156_723,
};

export interface ImageRef { repository: string; tag: string; name: string }

/** Split "nginx:1.27" / "registry.k8s.io/pause:3.10" / "busybox" (tag latest) / "img@sha256:…". */
export function parseImage(image: string): ImageRef {
  const at = image.indexOf('@');
  if (at >= 0) return { repository: image.slice(0, at), tag: image.slice(at + 1), name: image };
  const slash = image.lastIndexOf('/');
  const colon = image.lastIndexOf(':');
  if (colon > slash) return { repository: image.slice(0, colon), tag: image.slice(colon + 1), name: image };
  return { repository: image, tag: 'latest', name: `${image}:latest` };
}

/** Size in bytes: known images keep their size; others get a stable size between 20 and 220 MB. */
export function imageSize(image: string): number {
  const ref = parseImage(image);
  const repo = ref.repository.replace(/^docker\.io\/(library\/)?/, '');
  return knownSizes[repo] ?? 20_000_000 + (hashString(repo) % 200_000_000);
}

export function pullDurationMs(image: string): number {
  return PULL_BASE_MS + Math.round((imageSize(image) / PULL_BYTES_PER_SECOND) * 1000);
}

/** The digest a pulled image reports in containerStatuses[].imageID (stable per image name). */
export function imageDigest(image: string): string {
  const ref = parseImage(image);
  const repo = ref.repository.includes('/') && ref.repository.includes('.') ? ref.repository : `docker.io/library/${ref.repository}`;
  let hex = '';
  for (let i = 0; hex.length < 64; i++) hex += hashString(`${image}#${i}`).toString(16).padStart(8, '0');
  return `${repo}@sha256:${hex.slice(0, 64)}`;
}
