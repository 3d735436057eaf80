// The simulated image registry. SIMULATION: image sizes, pull speed and the catalog of tags are invented,
// documented parameters (a real pull depends on the registry, network and layers already present).
//
// The catalog knows a few well-known repositories and which tags they publish; an unknown tag of a known
// repository (nginx:doesnotexist) fails to pull like a real registry's "not found". Repositories the
// catalog does not know pull with any tag.
// Simplification: the simulated registry serves every repository it does not know (no "pull access denied").
import { flat } from '../../api/flat.ts';
import { hashString } from '../../sim/rng.ts';

/** Download speed used for every pull (bytes per second of virtual time). */
export const PULL_BYTES_PER_SECOND = 40 * 1024 * 1024;
/** Fixed cost of a pull (manifest, auth, unpacking start); also what a pull of a present image costs. */
export const PULL_BASE_MS = 300;
/** A reference the registry cannot resolve fails after this long. */
export const PULL_NOT_FOUND_MS = 800;

interface CatalogEntry { size: number; tags?: RegExp }

const v = (major: string, suffixes = '') => `${major}(?:\\.\\d{1,2}){0,2}${suffixes ? `(?:-(?:${suffixes}))?` : ''}`;
const tags = (...alternatives: string[]) => new RegExp(`^(?:${alternatives.join('|')})$`);

/** Sizes close to the real compressed sizes; tag patterns close to what the repositories publish. */
const catalog: Record<string, CatalogEntry> = {
  nginx: { size: 72_099_501, tags: tags('latest', 'stable', 'mainline', 'alpine', 'alpine-slim', 'perl', 'bookworm', '(?:stable|mainline)-(?:alpine|perl|bookworm)', v('1', 'alpine|alpine-slim|perl|bookworm|alpine-perl')) },
  busybox: { size: 2_155_275, tags: tags('latest', 'stable', 'musl', 'glibc', 'uclibc', v('1', 'musl|glibc|uclibc')) },
  alpine: { size: 3_653_068, tags: tags('latest', 'edge', v('3')) },
  ubuntu: { size: 29_754_290, tags: tags('latest', 'rolling', 'focal', 'jammy', 'noble', 'oracular', '(?:18|20|22|24)\\.(?:04|10)(?:\\.\\d)?') },
  debian: { size: 48_494_272, tags: tags('latest', 'stable', 'bookworm', 'bullseye', 'trixie', '(?:bookworm|bullseye|trixie|stable)-slim', '(?:11|12|13)(?:\\.\\d{1,2})?(?:-slim)?') },
  redis: { size: 45_412_310, tags: tags('latest', 'alpine', 'bookworm', v('[5-8]', 'alpine|bookworm')) },
  postgres: { size: 158_614_842, tags: tags('latest', 'alpine', 'bookworm', '(?:1[0-8])(?:\\.\\d{1,2})?(?:-(?:alpine|bookworm))?') },
  mysql: { size: 170_612_212, tags: tags('latest', 'lts', 'oracle', v('[589]', 'oracle|debian')) },
  httpd: { size: 58_053_418, tags: tags('latest', 'alpine', 'bookworm', '2(?:\\.4(?:\\.\\d{1,2})?)?(?:-(?:alpine|bookworm))?') },
  python: { size: 375_193_458, tags: tags('latest', 'slim', 'alpine', 'bookworm', v('3', 'slim|alpine|bookworm|slim-bookworm')) },
  node: { size: 406_117_312, tags: tags('latest', 'lts', 'current', 'slim', 'alpine', '(?:1[89]|2[0-4])(?:\\.\\d{1,2}){0,2}(?:-(?:slim|alpine|bookworm))?') },
  'registry.k8s.io/pause': { size: 320_368, tags: tags('3\\.\\d{1,2}') },
  'registry.k8s.io/busybox': { size: 1_144_547, tags: tags('latest', '1\\.2[0-9]') },
  'registry.k8s.io/e2e-test-images/agnhost': { size: 52_370_584, tags: tags('2\\.\\d{1,2}') },
  'registry.k8s.io/coredns/coredns': { size: 18_562_039 },
  'registry.k8s.io/kube-proxy': { size: 30_181_592 },
  'flannel/flannel': { size: 32_618_314 },
  'calico/node': { size: 150_361_205 },
  'calico/kube-controllers': { size: 35_104_880 },
  'nvcr.io/nvidia/pytorch': { size: 9_848_122_880 },
  'vllm/vllm-openai': { size: 8_932_156_723 },
};

export interface ImageRef { repository: string; tag: string; name: string }

/** Split "nginx:1.27" / "registry.k8s.io/pause:3.10" / "busybox" (tag latest) / "img@sha256:…". */
export function parseImage(image: string): Readonly<ImageRef> {
  let ref = parsed.get(image);
  if (ref === undefined) parsed.set(image, (ref = Object.freeze(split(image))));
  return ref;
}
/**
 * Each image's parts, split once (frozen): the runtime looks an image up at every container start and the
 * kubelet at every image check, and a cluster uses a handful of images.
 */
const parsed = new Map<string, Readonly<ImageRef>>();

function split(image: string): ImageRef {
  const at = image.indexOf('@');
  if (at >= 0) return { repository: image.slice(0, at), tag: image.slice(at + 1), name: image };
  const slash = image.lastIndexOf('/');
  const colon = image.lastIndexOf(':');
  if (colon > slash) return { repository: image.slice(0, colon), tag: image.slice(colon + 1), name: image };
  return { repository: image, tag: 'latest', name: `${image}:latest` };
}

/** The repository without Docker Hub's implied prefixes ("docker.io/library/nginx" → "nginx"). */
export function shortRepository(image: string): string {
  return parseImage(image).repository.replace(/^(?:docker\.io|index\.docker\.io)\/(?:library\/)?/, '');
}

/** The fully qualified reference containerd resolves ("nginx:1" → "docker.io/library/nginx:1"). */
export function qualifiedReference(image: string): string {
  let q = qualified.get(image);
  if (q === undefined) qualified.set(image, (q = flat(qualify(image))));
  return q;
}
/**
 * Each image's qualified reference, built once: every container status the kubelet writes carries it, and a
 * cluster uses a handful of images. One shared string per image rather than one per status.
 */
const qualified = new Map<string, string>();

function qualify(image: string): string {
  const ref = parseImage(image);
  const first = ref.repository.split('/')[0];
  const hasDomain = ref.repository.includes('/') && (first.includes('.') || first.includes(':') || first === 'localhost');
  const repo = hasDomain ? ref.repository : ref.repository.includes('/') ? `docker.io/${ref.repository}` : `docker.io/library/${ref.repository}`;
  return ref.name.includes('@') ? `${repo}@${ref.tag}` : `${repo}:${ref.tag}`;
}

/** Size in bytes: known images keep their size; others get a stable size between 20 and 220 MB. */
export function imageSize(image: string): number {
  const repo = shortRepository(image);
  return catalog[repo]?.size ?? 20_000_000 + (hashString(repo) % 200_000_000);
}

/** Whether the registry has this reference; digests always resolve. */
export function imageExists(image: string): boolean {
  const ref = parseImage(image);
  if (ref.name.includes('@')) return true;
  const pattern = catalog[shortRepository(image)]?.tags;
  return !pattern || pattern.test(ref.tag);
}

/** containerd's error for a reference the registry does not have. */
export function notFoundError(image: string): string {
  const q = qualifiedReference(image);
  return `rpc error: code = NotFound desc = failed to pull and unpack image "${q}": failed to resolve reference "${q}": ${q}: not found`;
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
