// The workstation's openssl (OpenSSL 3.0's command line): genrsa and genpkey make keys, req makes and shows
// certificate requests, x509 and rsa show certificates and keys, as a CKA candidate uses them for a user's client
// certificate. SIMULATION: the keys, requests and certificates have the real encodings (api/pki) but their key
// material comes from the seeded RNG and their signatures from SHA-256, not RSA; req asks nothing (-subj is
// required), no encrypted keys, no other algorithms, and only the options below.
import type { SeededRng } from '../sim/rng.ts';
import { DerError, hex } from '../api/pki/der.ts';
import { pemDecode, pemEncode } from '../api/pki/pem.ts';
import { generateKey, keyConsistent, modulusBits, pkcs8, readPrivateKey, rsaPrivateKey, type RsaKey } from '../api/pki/rsa.ts';
import { isKnownAttribute, readCertificate, readRequest, requestPEM, type Certificate, type CertificateRequest, type Name } from '../api/pki/x509.ts';

export interface OpensslIO {
  /** A file's text by the name given (undefined when there is none); "-" or no name is stdin. */
  read(name: string): string | undefined;
  write(name: string, text: string): void;
  rng: SeededRng;
}

export interface OpensslResult { exitCode: number; stdout: string; stderr: string }

const ok = (stdout = ''): OpensslResult => ({ exitCode: 0, stdout, stderr: '' });
const fail = (stderr: string): OpensslResult => ({ exitCode: 1, stdout: '', stderr: stderr.endsWith('\n') ? stderr : `${stderr}\n` });

/** Options that take a value, by subcommand; the rest are flags. */
const VALUED: Record<string, string[]> = {
  genrsa: ['out'],
  genpkey: ['algorithm', 'out', 'pkeyopt'],
  req: ['key', 'subj', 'out', 'in', 'days'],
  x509: ['in', 'out'],
  rsa: ['in', 'out'],
};
const FLAGS: Record<string, string[]> = {
  genrsa: ['traditional', 'quiet'],
  genpkey: ['quiet'],
  req: ['new', 'noout', 'text', 'subject', 'verify', 'nodes', 'noenc', 'pubkey', 'modulus'],
  x509: ['noout', 'text', 'subject', 'issuer', 'enddate', 'startdate', 'dates', 'serial', 'modulus', 'fingerprint', 'pubkey'],
  rsa: ['noout', 'text', 'modulus', 'check', 'pubout'],
};

interface Parsed { values: Map<string, string>; flags: string[]; operands: string[] }

function parseArgs(cmd: string, args: string[]): Parsed | string {
  const p: Parsed = { values: new Map(), flags: [], operands: [] };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (!a.startsWith('-') || a === '-') { p.operands.push(a); continue; }
    const name = a.replace(/^--?/, '');
    if (VALUED[cmd].includes(name)) {
      if (i + 1 >= args.length) return `${cmd}: Option -${name} needs a value\n${cmd}: Use -help for summary.`;
      p.values.set(name, args[++i]);
    } else if (FLAGS[cmd].includes(name)) p.flags.push(name);
    else return `${cmd}: Unknown option or message digest: ${name}\n${cmd}: Use -help for summary.`;
  }
  return p;
}

export function runOpenssl(argv: string[], io: OpensslIO): OpensslResult {
  const [, cmd, ...args] = argv;
  if (!cmd) return fail('openssl: the interactive mode is not simulated; give a command (genrsa, genpkey, req, x509, rsa)');
  if (cmd === 'version') return ok('OpenSSL 3.0.13 30 Jan 2024 (Library: OpenSSL 3.0.13 30 Jan 2024)\n');
  if (!(cmd in VALUED)) return fail(`Invalid command '${cmd}'; type "help" for a list.`);
  const p = parseArgs(cmd, args);
  if (typeof p === 'string') return fail(p);
  const out = (text: string) => {
    const file = p.values.get('out');
    if (!file) return ok(text);
    io.write(file, text);
    return ok();
  };
  switch (cmd) {
    case 'genrsa': {
      const bits = p.operands.length ? Number(p.operands[0]) : 2048;
      if (!Number.isInteger(bits) || bits < 512 || bits > 16384) return fail(`genrsa: Invalid number "${p.operands[0]}" for option numbits`);
      const key = newKey(io.rng, bits);
      return out(p.flags.includes('traditional') ? pemEncode('RSA PRIVATE KEY', rsaPrivateKey(key)) : pemEncode('PRIVATE KEY', pkcs8(key)));
    }
    case 'genpkey': {
      const alg = p.values.get('algorithm');
      if (!alg) return fail('genpkey: no keytype specified');
      if (alg.toUpperCase() !== 'RSA') return fail(`genpkey: Algorithm ${alg} not found (SIMULATION: only RSA keys are simulated)`);
      const opt = p.values.get('pkeyopt');
      const bits = opt ? Number(/^rsa_keygen_bits:(\d+)$/.exec(opt)?.[1]) : 2048;
      if (!bits) return fail(`genpkey: Error setting ${opt} parameter:`);
      return out(pemEncode('PRIVATE KEY', pkcs8(newKey(io.rng, bits))));
    }
    case 'req': return req(p, io, out);
    case 'x509': {
      const cert = load(io, p.values.get('in'), 'certificate', (label, der) => (label === 'CERTIFICATE' ? readCertificate(der) : undefined));
      if (typeof cert === 'string') return fail(cert);
      return out(showCertificate(cert, p));
    }
    case 'rsa': {
      const key = load(io, p.values.get('in'), 'private key', readKey);
      if (typeof key === 'string') return fail(key);
      let text = '';
      if (p.flags.includes('modulus')) text += `Modulus=${hex(key.n).toUpperCase()}\n`;
      if (p.flags.includes('check')) text += keyConsistent(key) ? 'RSA key ok\n' : 'RSA key not ok\n';
      if (!p.flags.includes('noout')) text += pemEncode('PRIVATE KEY', pkcs8(key));
      if (!p.flags.includes('noout') || p.flags.includes('modulus') || p.flags.includes('check')) return out(text);
      return ok();
    }
  }
  return fail(`Invalid command '${cmd}'`);
}

function newKey(rng: SeededRng, bits: number): RsaKey {
  const seed = new Uint8Array(32);
  for (let i = 0; i < 32; i += 4) {
    const v = rng.nextUint32();
    seed.set([v >>> 24, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff], i);
  }
  return generateKey(seed, bits);
}

const readKey = (label: string, der: Uint8Array) => (label === 'PRIVATE KEY' || label === 'RSA PRIVATE KEY' ? readPrivateKey(label, der) : undefined);

/** OpenSSL's loaders: a missing file, and a file with no such PEM block or one that does not decode. */
function load<T>(io: OpensslIO, name: string | undefined, what: string, decode: (label: string, der: Uint8Array) => T | undefined): T | string {
  const text = io.read(name ?? '-');
  const shown = name ?? '<stdin>';
  if (text === undefined) return `Could not open file or uri for loading ${what} from ${shown}\nsystem library:file_open:No such file or directory`;
  const block = pemDecode(text);
  try {
    const v = block && decode(block.label, block.der);
    if (v) return v;
  } catch (e) {
    if (!(e instanceof DerError)) throw e;
  }
  return what === 'certificate' ? `Could not read certificate from ${shown}\nUnable to load certificate` : `Could not read ${what} from ${shown}`;
}

/** -subj "/type0=value0/type1=value1": RDNs in order; `\` escapes a character. */
export function parseSubject(subj: string): Name | string {
  const formatError = `req: subject name is expected to be in the format /type0=value0/type1=value1/type2=... where characters may be escaped by \\. This name is not in that format: '${subj}'`;
  if (!subj.startsWith('/')) return formatError;
  const name: Name = [];
  const parts: string[] = [];
  let cur = '';
  for (let i = 1; i < subj.length; i++) {
    if (subj[i] === '\\' && i + 1 < subj.length) cur += subj[++i];
    else if (subj[i] === '/') { parts.push(cur); cur = ''; }
    else cur += subj[i];
  }
  parts.push(cur);
  for (const part of parts) {
    if (!part) continue;
    const eq = part.indexOf('=');
    if (eq < 0) return 'req: Hit end of string before finding the \'=\'';
    const type = part.slice(0, eq);
    if (!isKnownAttribute(type)) return `req: Skipping unknown attribute "${type}"`;
    if (part.slice(eq + 1)) name.push({ type, value: part.slice(eq + 1) });
  }
  return name;
}

function req(p: Parsed, io: OpensslIO, out: (text: string) => OpensslResult): OpensslResult {
  if (p.flags.includes('new')) {
    const keyFile = p.values.get('key');
    if (!keyFile) return fail('req: SIMULATION: give the key with -key FILE (generating one with the request is not simulated)');
    const subj = p.values.get('subj');
    if (subj === undefined) return fail('req: SIMULATION: give the subject with -subj (the interactive prompts are not simulated)\nError making certificate request');
    const key = load(io, keyFile, 'private key', readKey);
    if (typeof key === 'string') return fail(key);
    const subject = parseSubject(subj);
    if (typeof subject === 'string') return fail(subject);
    return out(requestPEM(subject, key));
  }
  const request = load(io, p.values.get('in'), 'certificate request', (label, der) => (label === 'CERTIFICATE REQUEST' ? readRequest(der) : undefined));
  if (typeof request === 'string') return fail(request.replace(/^Could not read certificate request from .*$/m, 'Unable to load X509 request'));
  let text = '';
  let err = '';
  let code = 0;
  for (const f of p.flags) {
    if (f === 'text') text += requestText(request);
    else if (f === 'subject') text += `subject=${nameText(request.subject)}\n`;
    else if (f === 'modulus') text += `Modulus=${hex(request.publicKey.n).toUpperCase()}\n`;
    else if (f === 'verify') {
      // OpenSSL 3.0 prints the verdict on stderr.
      if (request.signatureValid) err += 'Certificate request self-signature verify OK\n';
      else { err += 'Certificate request self-signature verify failure\n'; code = 1; }
    }
  }
  if (!p.flags.includes('noout')) text += pemEncode('CERTIFICATE REQUEST', request.der);
  const r = out(text);
  return { ...r, exitCode: code || r.exitCode, stderr: err + r.stderr };
}

/** OpenSSL's default name printing (XN_FLAG_ONELINE): "CN = jane, O = dev". */
export const nameText = (name: Name) => name.map((a) => `${a.type} = ${a.value}`).join(', ');

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** ASN1_TIME_print: "Dec  7 17:00:00 2026 GMT". */
export function opensslTime(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, ' ')} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${d.getUTCFullYear()} GMT`;
}

/** Bytes as OpenSSL dumps them: lowercase hex pairs joined by ':', `perLine` a line, each line indented. */
function dump(bytes: Uint8Array, perLine: number, indent: string): string {
  const pairs = [...bytes].map((b) => b.toString(16).padStart(2, '0'));
  const lines: string[] = [];
  for (let i = 0; i < pairs.length; i += perLine) lines.push(indent + pairs.slice(i, i + perLine).join(':') + (i + perLine < pairs.length ? ':' : ''));
  return `${lines.join('\n')}\n`;
}

function publicKeyText(n: Uint8Array, e: number): string {
  // The modulus is printed as an INTEGER's content: a 00 byte first when its high bit is set.
  const shown = n[0] & 0x80 ? Uint8Array.of(0, ...n) : n;
  return `        Subject Public Key Info:\n            Public Key Algorithm: rsaEncryption\n                Public-Key: (${modulusBits(n)} bit)\n                Modulus:\n${dump(shown, 15, '                    ')}                Exponent: ${e} (0x${e.toString(16)})\n`;
}

const signatureText = (sig: Uint8Array) => `    Signature Algorithm: sha256WithRSAEncryption\n    Signature Value:\n${dump(sig, 18, '        ')}`;

function requestText(r: CertificateRequest): string {
  return `Certificate Request:\n    Data:\n        Version: 1 (0x0)\n        Subject: ${nameText(r.subject)}\n${publicKeyText(r.publicKey.n, r.publicKey.e)}        Attributes:\n            (none)\n            Requested Extensions:\n${signatureText(r.signature)}`;
}

const KEY_USAGE_TEXT: Record<string, string> = {
  digitalSignature: 'Digital Signature', nonRepudiation: 'Non Repudiation', keyEncipherment: 'Key Encipherment', dataEncipherment: 'Data Encipherment',
  keyAgreement: 'Key Agreement', keyCertSign: 'Certificate Sign', cRLSign: 'CRL Sign', encipherOnly: 'Encipher Only', decipherOnly: 'Decipher Only',
};
const EXT_KEY_USAGE_TEXT: Record<string, string> = {
  serverAuth: 'TLS Web Server Authentication', clientAuth: 'TLS Web Client Authentication', codeSigning: 'Code Signing',
  emailProtection: 'E-mail Protection', timeStamping: 'Time Stamping', OCSPSigning: 'OCSP Signing', any: 'Any Extended Key Usage',
};

function serialText(serial: Uint8Array): string {
  // Serials that fit a long print in decimal and hex; longer ones as a hex dump on the next line.
  if (serial.length <= 8 && !(serial[0] & 0x80)) {
    const v = BigInt(`0x${hex(serial) || '0'}`);
    return `        Serial Number: ${v} (0x${v.toString(16)})\n`;
  }
  const shown = serial[0] & 0x80 ? Uint8Array.of(0, ...serial) : serial;
  return `        Serial Number:\n            ${[...shown].map((b) => b.toString(16).padStart(2, '0')).join(':')}\n`;
}

function certificateText(c: Certificate): string {
  const ext = [
    ...(c.keyUsage.length ? [`            X509v3 Key Usage: critical\n                ${c.keyUsage.map((u) => KEY_USAGE_TEXT[u]).join(', ')}\n`] : []),
    ...(c.extKeyUsage.length ? [`            X509v3 Extended Key Usage: \n                ${c.extKeyUsage.map((u) => EXT_KEY_USAGE_TEXT[u] ?? u).join(', ')}\n`] : []),
    `            X509v3 Basic Constraints: critical\n                CA:${c.isCA ? 'TRUE' : 'FALSE'}\n`,
    `            X509v3 Authority Key Identifier: \n                ${[...c.authorityKeyId].map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':')}\n`,
  ].join('');
  return `Certificate:\n    Data:\n        Version: 3 (0x2)\n${serialText(c.serial)}        Signature Algorithm: sha256WithRSAEncryption\n        Issuer: ${nameText(c.issuer)}\n        Validity\n            Not Before: ${opensslTime(c.notBefore)}\n            Not After : ${opensslTime(c.notAfter)}\n        Subject: ${nameText(c.subject)}\n${publicKeyText(c.publicKey.n, c.publicKey.e)}        X509v3 extensions:\n${ext}${signatureText(c.signature)}`;
}

/** x509's printing options in the order given, then the certificate itself unless -noout. */
function showCertificate(c: Certificate, p: Parsed): string {
  let text = '';
  for (const f of p.flags) {
    if (f === 'text') text += certificateText(c);
    else if (f === 'subject') text += `subject=${nameText(c.subject)}\n`;
    else if (f === 'issuer') text += `issuer=${nameText(c.issuer)}\n`;
    else if (f === 'startdate') text += `notBefore=${opensslTime(c.notBefore)}\n`;
    else if (f === 'enddate') text += `notAfter=${opensslTime(c.notAfter)}\n`;
    else if (f === 'dates') text += `notBefore=${opensslTime(c.notBefore)}\nnotAfter=${opensslTime(c.notAfter)}\n`;
    else if (f === 'serial') text += `serial=${hex(c.serial).toUpperCase()}\n`;
    else if (f === 'modulus') text += `Modulus=${hex(c.publicKey.n).toUpperCase()}\n`;
  }
  if (!p.flags.includes('noout')) text += pemEncode('CERTIFICATE', c.der);
  return text;
}
