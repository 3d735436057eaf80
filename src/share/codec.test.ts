// Share links and files: round trips, and every way a link can be wrong refused with a clear message.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { deflateSync, strToU8 } from 'fflate';
import { createCluster } from '../engine/index.ts';
import { gallery, parseScenario } from '../engine/scenario/index.ts';
import { decodeShareFile, decodeShareHash, encodeShareFile, encodeShareHash, MAX_LINK_BYTES, ShareError, type SharePayload } from './codec.ts';

const scenario = gallery()[0].source;
const hashOf = (version: number, content: Uint8Array) => {
  const bytes = new Uint8Array(content.length + 1);
  bytes[0] = version;
  bytes.set(content, 1);
  return `#share=${btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
};
const refused = (f: () => unknown) => { try { f(); } catch (e) { if (e instanceof ShareError) return e.message; throw e; } return 'accepted'; };

describe('share links', () => {
  it('carry a scenario, documents and a snapshot, and the scenario still validates', () => {
    const c = createCluster({ seed: 4 });
    c.exec('sim node add w1');
    c.advance(5);
    const payload: SharePayload = { scenario, documents: [{ name: 'web.yaml', text: 'kind: Deployment\n' }], snapshot: c.snapshot() };
    const hash = encodeShareHash(payload);
    expect(hash).toMatch(/^share=A[Q-Za-f][A-Za-z0-9_-]+$/);
    const back = decodeShareHash(`#${hash}`)!;
    expect(back).toEqual(JSON.parse(JSON.stringify(payload)));
    expect(parseScenario(back.scenario).metadata.name).toBe('desired-state');
    expect(createCluster({ snapshot: back.snapshot }).list('Node')).toHaveLength(1);
  });

  it('round-trip any text', () => {
    fc.assert(fc.property(fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''), fc.array(fc.record({ name: fc.string({ minLength: 1, maxLength: 20 }), text: fc.string() }), { maxLength: 3 }), (s, docs) => {
      const documents = docs.filter((d, i) => docs.findIndex((x) => x.name === d.name) === i);
      expect(decodeShareHash(encodeShareHash({ scenario: s, documents }))).toEqual({ scenario: s, documents });
    }));
  });

  it('a hash without a share is no share', () => expect(decodeShareHash('#tab=map')).toBeUndefined());

  it.each<[string, string]>([
    ['#share=abc$def', 'The link is damaged: it contains characters a share link never has (was it cut or edited?).'],
    ['#share=', 'The link is damaged: it is empty.'],
    [hashOf(9, deflateSync(strToU8('{}'))), 'The link was made by a newer kubesim (format 9; this one reads format 1).'],
    [hashOf(0, deflateSync(strToU8('{}'))), 'The link is damaged: unknown format 0.'],
    [hashOf(1, strToU8('not deflate at all')), 'The link is damaged: its compressed content cannot be unpacked.'],
    [hashOf(1, deflateSync(strToU8(JSON.stringify({ scenario }))).subarray(0, 40)), 'The link is damaged: its compressed content ends too early (was it cut off?).'],
    [hashOf(1, deflateSync(new Uint8Array(64 * 1024 * 1024))), `The link is too large: its content is over ${MAX_LINK_BYTES / 1024} KiB once unpacked.`],
    [hashOf(1, deflateSync(strToU8('[1,2'))), 'The link is damaged: its content is not valid JSON.'],
    [hashOf(1, deflateSync(new Uint8Array([0xff, 0xfe]))), 'The link is damaged: its content is not text.'],
    [hashOf(1, deflateSync(strToU8('{"scenario":"x","script":"alert(1)"}'))), 'The link is not a kubesim share: it has an unknown field "script".'],
    [hashOf(1, deflateSync(strToU8('{"documents":[]}'))), 'The link is not a kubesim share: the scenario is missing.'],
    [hashOf(1, deflateSync(strToU8('{"scenario":"x","documents":[{"name":"a"}]}'))), 'The link is not a kubesim share: documents[0] must have a name and a text.'],
    [hashOf(1, deflateSync(strToU8('{"scenario":"x","snapshot":{"version":1,"objects":"all"}}'))), 'The link is not a kubesim share: its cluster snapshot is malformed.'],
    ['#share=' + 'A'.repeat(600 * 1024), 'The link is too large (600 KiB, at most 512 KiB).'],
  ])('%#: refuses %s', (hash, message) => expect(refused(() => decodeShareHash(hash))).toBe(message));

  it('refuses to make a link that is too large', () => {
    const big = Array.from({ length: 40_000 }, (_, i) => `line ${i} ${(i * 7919) % 10007}`).join('\n');
    expect(refused(() => encodeShareHash({ scenario: big }))).toMatch(/^This is too large for a link \(\d+ KiB, at most 256 KiB\): export it as a file instead\.$/);
  });
});

describe('share files', () => {
  it('round-trip, and a bare scenario file is read as the scenario', () => {
    const payload = { scenario, documents: [{ name: 'a.yaml', text: 'x: 1\n' }] };
    expect(decodeShareFile(encodeShareFile(payload))).toEqual(payload);
    expect(decodeShareFile(scenario)).toEqual({ scenario });
  });
  it('refuses a newer or damaged file', () => {
    expect(refused(() => decodeShareFile('{"format":"kubesim-share","version":2,"scenario":"x"}'))).toBe('The file was made by a newer kubesim (format 2; this one reads format 1).');
    expect(refused(() => decodeShareFile('{"format":"kubesim-share",'))).toBe('The file is damaged: its content is not valid JSON.');
    expect(refused(() => decodeShareFile('   '))).toBe('The file is not a kubesim share: the scenario is missing.');
  });
});

describe('shared operators', () => {
  const op = { name: 'website-operator', kind: 'Website', owns: ['Deployment'], language: 'typescript' as const, code: 'function reconcile() {}' };
  it('carry their code through a link as data', () => {
    const payload = { scenario, operators: [op] };
    expect(decodeShareHash(encodeShareHash(payload))).toEqual(payload);
  });
  it.each([
    ['not a list', { scenario, operators: op }, 'operators must be a list of at most 10 operators'],
    ['an unknown language', { scenario, operators: [{ ...op, language: 'python' }] }, 'operators[0] must have a name, a kind, the kinds it owns, a language (javascript or typescript) and at most 64 KiB of code'],
    ['an extra field', { scenario, operators: [{ ...op, autorun: true }] }, 'operators[0] must have a name, a kind, the kinds it owns, a language (javascript or typescript) and at most 64 KiB of code'],
  ])('refuse %s', (_what, payload, message) => {
    expect(refused(() => decodeShareFile(JSON.stringify({ format: 'kubesim-share', version: 1, ...payload })))).toBe(`The file is not a kubesim share: ${message}.`);
  });
});
