// The images field (ImageTagTransformer): containers whose image name matches get a new name, tag or digest.
import type { KubeObject } from '../../api/object.ts';
import { containersOf, podSpecs } from './fieldspecs.ts';
import type { Image } from './kustomization.ts';

/** name, and the ":tag" or "@digest" after it (a registry's ":port" is part of the name). */
export function splitImage(image: string): { name: string; rest: string } {
  const at = image.indexOf('@');
  if (at >= 0) return { name: image.slice(0, at), rest: image.slice(at) };
  const colon = image.lastIndexOf(':');
  if (colon > image.lastIndexOf('/')) return { name: image.slice(0, colon), rest: image.slice(colon) };
  return { name: image, rest: '' };
}

/** One image rule on one image string: a digest wins over a tag; neither keeps the old tag or digest. */
export function retag(image: string, rule: Image): string {
  const { name, rest } = splitImage(image);
  if (name !== rule.name) return image;
  const newName = rule.newName || name;
  if (rule.digest) return `${newName}@${rule.digest}`;
  if (rule.newTag) return `${newName}:${rule.newTag}`;
  return newName + rest;
}

export function setImages(obj: KubeObject, rules: Image[]): void {
  for (const spec of podSpecs(obj)) {
    for (const c of containersOf(spec)) {
      if (typeof c.image !== 'string') continue;
      for (const rule of rules) {
        const next = retag(c.image as string, rule);
        if (next !== c.image) { c.image = next; break; }
      }
    }
  }
}
