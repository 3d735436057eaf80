// Which network tools (and tar, which `kubectl cp` runs) an image has. SIMULATION: a table of well-known images (by
// repository, and the alpine tag variants); any other image has none of them, so `curl` or `kubectl cp` there fails
// as a missing program does.
import { parseImage, shortRepository } from '../images.ts';

export type NetTool = 'curl' | 'wget' | 'nslookup' | 'dig' | 'host' | 'nc' | 'ping' | 'tar';

/** busybox applets. wget always prints busybox's texts (alpine-based images have no GNU wget here). */
const BUSYBOX: NetTool[] = ['wget', 'nslookup', 'nc', 'ping', 'tar'];
/** bind's dnsutils: nslookup, dig and host print bind's texts. */
const DNSUTILS: NetTool[] = ['nslookup', 'dig', 'host', 'tar'];

const table: Record<string, { tools: NetTool[]; busybox: boolean }> = {
  busybox: { tools: BUSYBOX, busybox: true },
  'registry.k8s.io/busybox': { tools: BUSYBOX, busybox: true },
  alpine: { tools: BUSYBOX, busybox: true },
  // Alpine-based, with curl added.
  'curlimages/curl': { tools: ['curl', ...BUSYBOX], busybox: true },
  // Debian-based images that ship curl (nginx's bookworm image, python's and node's buildpack-deps).
  nginx: { tools: ['curl', 'tar'], busybox: false },
  python: { tools: ['curl', 'tar'], busybox: false },
  node: { tools: ['curl', 'tar'], busybox: false },
  // Simplification: netshoot's ping is iputils', whose texts are not modelled; it has none here.
  'nicolaka/netshoot': { tools: ['curl', 'wget', 'nslookup', 'dig', 'host', 'nc', 'tar'], busybox: false },
  'registry.k8s.io/e2e-test-images/jessie-dnsutils': { tools: DNSUTILS, busybox: false },
  'gcr.io/kubernetes-e2e-test-images/dnsutils': { tools: DNSUTILS, busybox: false },
  'tutum/dnsutils': { tools: DNSUTILS, busybox: false },
};

/** What a busybox applet prints for bad usage: the banner, then its usage text. */
export const busyboxUsage = (usage: string) => `BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: ${usage}\n`;

/** The image's network tools, and whether its nslookup and nc are busybox's (else bind's and OpenBSD's). */
export function imageTools(image: string): { tools: ReadonlySet<NetTool>; busybox: boolean } {
  const repo = shortRepository(image);
  const entry = table[repo];
  const alpineTag = /alpine/.test(parseImage(image).tag);
  if (!entry) return { tools: new Set(), busybox: false };
  // nginx:alpine, python:3-alpine …: busybox applets beside the image's own tools.
  if (alpineTag && !entry.busybox) return { tools: new Set([...entry.tools, ...BUSYBOX]), busybox: true };
  return { tools: new Set(entry.tools), busybox: entry.busybox };
}
