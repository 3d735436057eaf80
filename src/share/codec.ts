// Share links and share files: a scenario (optionally editor documents and a cluster snapshot), compressed
// with fflate and versioned, in the URL hash (#share=…) or in a file. Decoding trusts nothing: sizes are
// bounded before and during decompression, every field is type-checked, and the result is data only (YAML
// text, documents, a snapshot object, operators' code). Nothing from a link runs as code unless the receiver
// agrees: the page shows shared operators' code in a consent dialog first (ui/operators/OperatorConsent.tsx).
//
// The scenario text itself is checked by the engine's validator (parseScenario in engine/scenario), which the
// worker applies before loading it; this layer, on the page side, imports engine types only.
import { deflateSync, Inflate, strToU8 } from 'fflate';
import type { ClusterSnapshot } from '../engine/index.ts';
import type { UserOperatorSource } from '../worker/operators/protocol.ts';
import { englishShareText, type ShareErrorCode, type ShareParams, type ShareTranslate, type ShareWhatCode } from './strings.ts';

/** Format 1: one version byte, then deflate(JSON of SharePayload). */
export const SHARE_VERSION = 1;
export const HASH_KEY = 'share';
/** Limits: the decoded JSON of a link, of a file, and the length of a link's hash. */
export const MAX_LINK_BYTES = 256 * 1024;
export const MAX_FILE_BYTES = 16 * 1024 * 1024;
export const MAX_HASH_CHARS = 512 * 1024;
/** A file's `format` marker; anything else is read as a bare scenario file. */
export const FILE_FORMAT = 'kubesim-share';

export interface SharedDocument { name: string; text: string }

export interface SharePayload {
  /** The scenario file's text (YAML). */
  scenario: string;
  documents?: SharedDocument[];
  snapshot?: ClusterSnapshot;
  /** User-written operators: code, which the page runs only after the receiver agrees (a consent dialog). */
  operators?: UserOperatorSource[];
}

/** At most this many operators, of at most this much code each, in one share. */
export const MAX_SHARED_OPERATORS = 10;
export const MAX_OPERATOR_CODE = 64 * 1024;

/**
 * A refusal: a key of share/strings.ts with its parameters (the page words it in the reader's language) and, for
 * "notShare", what is wrong with the content. `message` is the English text.
 */
export class ShareError extends Error {
  constructor(readonly code: ShareErrorCode, readonly params: ShareParams = {}, readonly what?: { code: ShareWhatCode; params?: ShareParams }) {
    super('');
    this.message = shareErrorText(this, englishShareText);
  }
}

/** A refusal's text through a translation function (englishShareText, or the page's i18n). */
export function shareErrorText(e: ShareError, tr: ShareTranslate): string {
  const params = { ...e.params };
  if (typeof params.where === 'string') params.where = tr(`where.${params.where}`, {});
  if (e.what) params.what = tr(`what.${e.what.code}`, e.what.params ?? {});
  return tr(e.code, params);
}

const kib = (n: number) => `${Math.round(n / 1024)} KiB`;

function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new ShareError('badChars');
  let bin: string;
  try { bin = atob(text.replace(/-/g, '+').replace(/_/g, '/')); } catch { throw new ShareError('incomplete'); }
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Inflate in small steps so that a crafted payload cannot blow up past the limit before it is noticed. */
function inflateBounded(data: Uint8Array, limit: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let ended = false;
  const inflater = new Inflate((chunk, final) => {
    size += chunk.length;
    if (size > limit) throw new ShareError('unpackedTooLarge', { limit: kib(limit) });
    chunks.push(chunk);
    if (final) ended = true;
  });
  try {
    for (let i = 0; i < data.length; i += 1024) inflater.push(data.subarray(i, i + 1024), i + 1024 >= data.length);
    if (data.length === 0) inflater.push(new Uint8Array(0), true);
  } catch (e) {
    if (e instanceof ShareError) throw e;
    // fflate's error code 0: unexpected EOF.
    if ((e as { code?: number }).code === 0) throw new ShareError('cutOff');
    throw new ShareError('cannotUnpack');
  }
  if (!ended) throw new ShareError('cutOff');
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) { out.set(c, at); at += c.length; }
  return out;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Type-check a decoded payload; `where` names the source in messages ("link", "file"). */
export function checkPayload(v: unknown, where: 'link' | 'file'): SharePayload {
  const bad = (what: ShareWhatCode, params?: ShareParams) => new ShareError('notShare', { where }, { code: what, params });
  if (!isObj(v)) throw bad('notObject');
  for (const k of Object.keys(v)) if (!['scenario', 'documents', 'snapshot', 'operators'].includes(k)) throw bad('unknownField', { field: k });
  if (typeof v.scenario !== 'string' || v.scenario.trim() === '') throw bad('noScenario');
  const out: SharePayload = { scenario: v.scenario };
  if (v.documents !== undefined) {
    if (!Array.isArray(v.documents) || v.documents.length > 100) throw bad('documents');
    out.documents = v.documents.map((d, i) => {
      if (!isObj(d) || typeof d.name !== 'string' || d.name === '' || d.name.length > 200 || typeof d.text !== 'string' || Object.keys(d).some((k) => k !== 'name' && k !== 'text')) {
        throw bad('document', { index: i });
      }
      return { name: d.name, text: d.text };
    });
    if (new Set(out.documents.map((d) => d.name)).size !== out.documents.length) throw bad('sameName');
  }
  if (v.snapshot !== undefined) {
    const s = v.snapshot;
    const okRng = isObj(s) && Array.isArray(s.rngState) && s.rngState.length === 4 && s.rngState.every((n) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 0xffffffff);
    if (!isObj(s) || s.version !== 1 || !Number.isFinite(s.seed) || !Number.isFinite(s.nowMs) || !Number.isInteger(s.resourceVersion) || !okRng
      || !Array.isArray(s.objects) || !s.objects.every((o) => isObj(o) && typeof o.kind === 'string' && isObj(o.metadata))
      || (s.config !== undefined && !isObj(s.config))) {
      throw bad('snapshot');
    }
    out.snapshot = s as unknown as ClusterSnapshot;
  }
  if (v.operators !== undefined) out.operators = checkOperators(v.operators, bad);
  return out;
}

function checkOperators(v: unknown, bad: (what: ShareWhatCode, params?: ShareParams) => ShareError): UserOperatorSource[] {
  if (!Array.isArray(v) || v.length > MAX_SHARED_OPERATORS) throw bad('operators', { max: MAX_SHARED_OPERATORS });
  return v.map((o, i) => {
    const short = (x: unknown) => typeof x === 'string' && x !== '' && x.length <= 253;
    if (!isObj(o) || Object.keys(o).some((k) => !['name', 'kind', 'owns', 'language', 'code'].includes(k))
      || !short(o.name) || !short(o.kind) || !Array.isArray(o.owns) || o.owns.length > 20 || !o.owns.every(short)
      || (o.language !== 'javascript' && o.language !== 'typescript') || typeof o.code !== 'string' || o.code.length > MAX_OPERATOR_CODE) {
      throw bad('operator', { index: i, limit: kib(MAX_OPERATOR_CODE) });
    }
    return { name: o.name as string, kind: o.kind as string, owns: o.owns as string[], language: o.language, code: o.code };
  });
}

function parseJson(text: string, where: 'link' | 'file'): unknown {
  try { return JSON.parse(text); } catch { throw new ShareError('notJson', { where }); }
}

/** The URL hash (without "#") that carries the payload. */
export function encodeShareHash(payload: SharePayload): string {
  const json = strToU8(JSON.stringify(checkPayload(payload, 'link')));
  if (json.length > MAX_LINK_BYTES) throw new ShareError('tooLargeForLink', { size: kib(json.length), limit: kib(MAX_LINK_BYTES) });
  const packed = deflateSync(json, { level: 9 });
  const bytes = new Uint8Array(packed.length + 1);
  bytes[0] = SHARE_VERSION;
  bytes.set(packed, 1);
  return `${HASH_KEY}=${toBase64Url(bytes)}`;
}

/** The payload of a URL hash ("#share=…" or "share=…"); undefined when the hash carries no share. */
export function decodeShareHash(hash: string): SharePayload | undefined {
  const h = hash.replace(/^#/, '');
  const param = h.split('&').find((p) => p.startsWith(`${HASH_KEY}=`));
  if (param === undefined) return undefined;
  const text = param.slice(HASH_KEY.length + 1);
  if (text.length > MAX_HASH_CHARS) throw new ShareError('linkTooLarge', { size: kib(text.length), limit: kib(MAX_HASH_CHARS) });
  const bytes = fromBase64Url(text);
  if (bytes.length === 0) throw new ShareError('empty');
  if (bytes[0] !== SHARE_VERSION) {
    throw bytes[0] > SHARE_VERSION
      ? new ShareError('newer', { where: 'link', format: bytes[0], reads: SHARE_VERSION })
      : new ShareError('unknownFormat', { format: bytes[0] });
  }
  const json = inflateBounded(bytes.subarray(1), MAX_LINK_BYTES);
  let decoded: string;
  try { decoded = new TextDecoder('utf-8', { fatal: true }).decode(json); } catch { throw new ShareError('notText'); }
  return checkPayload(parseJson(decoded, 'link'), 'link');
}

/** A share file: JSON with a format marker and version (readable, diffable). */
export function encodeShareFile(payload: SharePayload): string {
  return JSON.stringify({ format: FILE_FORMAT, version: SHARE_VERSION, ...checkPayload(payload, 'file') }, null, 2) + '\n';
}

/** A share file, or a bare scenario file (YAML), as a payload. */
export function decodeShareFile(text: string): SharePayload {
  if (text.length > MAX_FILE_BYTES) throw new ShareError('fileTooLarge', { size: kib(text.length), limit: kib(MAX_FILE_BYTES) });
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{')) return checkPayload({ scenario: text }, 'file');
  const v = parseJson(text, 'file');
  if (!isObj(v) || v.format !== FILE_FORMAT) return checkPayload({ scenario: text }, 'file'); // a scenario written as JSON
  if (v.version !== SHARE_VERSION) {
    throw typeof v.version === 'number' && v.version > SHARE_VERSION
      ? new ShareError('newer', { where: 'file', format: v.version, reads: SHARE_VERSION })
      : new ShareError('fileVersion');
  }
  const { format: _format, version: _version, ...payload } = v;
  return checkPayload(payload, 'file');
}
