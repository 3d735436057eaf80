// Share links and files: round trips, and every way a link can be wrong refused with a clear message.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { deflateSync, strToU8 } from 'fflate';
import { createCluster } from '../engine/index.ts';
import { gallery, parseScenario } from '../engine/scenario/index.ts';
import { decodeShareFile, decodeShareHash, encodeShareFile, encodeShareHash, MAX_LINK_BYTES, ShareError, shareErrorText, type SharePayload } from './codec.ts';
import { englishShareText, shareErrorsEn, shareErrorsZhCN, type ShareParams } from './strings.ts';

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

describe('refusals in the reader\'s language', () => {
  const zh = (key: string, params: ShareParams) => {
    const [head, tail] = key.split('.');
    const table = shareErrorsZhCN as unknown as Record<string, string | Record<string, string>>;
    const text = tail === undefined ? table[head] : (table[head] as Record<string, string>)[tail];
    return String(text).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]));
  };
  const error = (f: () => unknown) => { try { f(); } catch (e) { if (e instanceof ShareError) return e; throw e; } throw new Error('accepted'); };

  it.each<[string, () => unknown, string, string]>([
    ['an unknown field', () => decodeShareHash(hashOf(1, deflateSync(strToU8('{"scenario":"x","script":"alert(1)"}')))), 'notShare', '此链接不是 kubesim 分享：含有未知字段 "script"。'],
    ['a newer file', () => decodeShareFile('{"format":"kubesim-share","version":2,"scenario":"x"}'), 'newer', '此文件由更新版本的 kubesim 生成（格式 2；当前版本只能读取格式 1）。'],
    ['a bad document', () => decodeShareHash(hashOf(1, deflateSync(strToU8('{"scenario":"x","documents":[{"name":"a"}]}')))), 'notShare', '此链接不是 kubesim 分享：documents[0] 必须有 name 和 text。'],
    ['a link too long', () => decodeShareHash('#share=' + 'A'.repeat(600 * 1024)), 'linkTooLarge', '链接太大（600 KiB，最多 512 KiB）。'],
  ])('%s: a code and parameters, worded in Chinese from them', (_name, f, code, text) => {
    const e = error(f);
    expect(e.code).toBe(code);
    expect(shareErrorText(e, zh)).toBe(text);
    expect(shareErrorText(e, englishShareText)).toBe(e.message);
  });

  it('every refusal has a Chinese text with the same parameters', () => {
    const names = (t: string) => [...t.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const flat = (o: object, at = ''): [string, string][] => Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [[at + k, v] as [string, string]] : flat(v as object, `${at + k}.`)));
    const zhTexts = new Map(flat(shareErrorsZhCN));
    for (const [key, en] of flat(shareErrorsEn)) {
      expect(zhTexts.get(key), key).toBeTruthy();
      expect(names(zhTexts.get(key)!), key).toEqual(names(en));
    }
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
