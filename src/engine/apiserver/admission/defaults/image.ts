// The tag of a container image as pkg/util/parsers.ParseImageName finds it (docker reference grammar):
// "nginx" → "latest", "nginx:1.25" → "1.25", "nginx@sha256:…" → "", an unparsable reference → "".

const domainComponent = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const domainRe = new RegExp(`^${domainComponent}(?:\\.${domainComponent})*(?::[0-9]+)?$`);
const pathComponent = '[a-z0-9]+(?:(?:[._]|__|[-]+)[a-z0-9]+)*';
const pathRe = new RegExp(`^${pathComponent}(?:/${pathComponent})*$`);
const tagRe = /^[\w][\w.-]{0,127}$/;
const digestRe = /^[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}$/;
const NAME_TOTAL_LENGTH_MAX = 255;

/** The image asked for last, and its tag: a ReplicaSet's pods come in runs with one image. */
let lastImage: string | undefined;
let lastTag = '';

export function imageTag(image: string): string {
  if (image !== lastImage) {
    lastTag = parseTag(image);
    lastImage = image;
  }
  return lastTag;
}

function parseTag(image: string): string {
  if (/^[a-f0-9]{64}$/.test(image)) return ''; // "cannot specify 64-byte hexadecimal strings"
  let rest = image;
  let digest = '';
  const at = rest.indexOf('@');
  if (at >= 0) {
    digest = rest.slice(at + 1);
    rest = rest.slice(0, at);
    if (!digestRe.test(digest)) return '';
  }
  let tag = '';
  const colon = rest.lastIndexOf(':');
  if (colon > rest.lastIndexOf('/')) {
    tag = rest.slice(colon + 1);
    rest = rest.slice(0, colon);
    if (!tagRe.test(tag)) return '';
  }
  if (!rest || rest.length > NAME_TOTAL_LENGTH_MAX) return '';
  // splitDockerDomain: the first component is a registry when it looks like a host.
  const slash = rest.indexOf('/');
  let path = rest;
  if (slash >= 0) {
    const first = rest.slice(0, slash);
    if ((first.includes('.') || first.includes(':') || first === 'localhost') && first.toLowerCase() === first) {
      if (!domainRe.test(first)) return '';
      path = rest.slice(slash + 1);
    }
  }
  if (!pathRe.test(path)) return '';
  return tag || (digest ? '' : 'latest');
}
