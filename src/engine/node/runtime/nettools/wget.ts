// busybox wget in a container (networking/wget.c texts): -q, -O FILE (-O- to stdout), -T/--timeout SEC, --spider;
// -U, --header, -S are accepted and change nothing here. The URL's scheme defaults to http.
// Simplifications: no progress bar; a saved file is not written (only its name is printed); the time a command takes
// is not spent on the virtual clock.
import type { ExecResult } from '../exec.ts';
import { fetch, parseTarget } from './request.ts';
import type { NetProbe } from './probe.ts';
import { busyboxUsage } from './tools.ts';

const USAGE = busyboxUsage('wget [-cqS] [--spider] [-O FILE] [-o LOGFILE] [--header STR]\n\t[--post-data STR | --post-file FILE] [-Y on/off]\n\t[-P DIR] [-U AGENT] [-T SEC] URL...');

export function wget(probe: NetProbe, args: string[]): ExecResult {
  let quiet = false;
  let spider = false;
  let output: string | undefined;
  let timeout: number | undefined;
  const urls: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--spider') { spider = true; continue; }
    if (a.startsWith('--timeout')) { timeout = Number(a.includes('=') ? a.split('=')[1] : args[++i]); continue; }
    if (a === '--header' || a === '-U' || a === '--user-agent' || a === '-P') { i++; continue; }
    if (a.startsWith('--')) return { exitCode: 1, stdout: '', stderr: `wget: unrecognized option '${a}'\n${USAGE}` };
    if (!a.startsWith('-') || a === '-') { urls.push(a); continue; }
    // Bundled letters: -qO-, -qO /dev/null, -T 2.
    for (let k = 1; k < a.length; k++) {
      const f = a[k];
      if (f === 'q') quiet = true;
      else if (f === 'S' || f === 'c') continue;
      else if (f === 'O' || f === 'T') {
        const v = a.slice(k + 1) || args[++i];
        if (v === undefined) return { exitCode: 1, stdout: '', stderr: `wget: option requires an argument -- '${f}'\n${USAGE}` };
        if (f === 'O') output = v; else timeout = Number(v);
        break;
      } else return { exitCode: 1, stdout: '', stderr: `wget: invalid option -- '${f}'\n${USAGE}` };
    }
  }
  if (!urls.length) return { exitCode: 1, stdout: '', stderr: USAGE };
  const t = parseTarget(urls[0]);
  if (!t || (t.scheme !== 'http' && t.scheme !== 'https')) return { exitCode: 1, stdout: '', stderr: `wget: not an http or ftp url: ${urls[0]}\n` };
  const err: string[] = [];
  const die = (msg: string): ExecResult => ({ exitCode: 1, stdout: '', stderr: [...err, `wget: ${msg}`].map((l) => `${l}\n`).join('') });
  const got = fetch(probe, t);
  if (got.kind === 'unresolved') return die(`bad address '${t.host}'`);
  if (!quiet) err.push(`Connecting to ${t.host}${t.port === 80 && !/:\d+/.test(urls[0]) ? '' : `:${t.port}`} (${got.ip}:${t.port})`);
  // busybox arms an alarm for -T; without it the kernel's connect timeout ends the wait.
  if (got.kind === 'timeout') return die(timeout ? 'download timed out' : `can't connect to remote host (${got.ip}): Connection timed out`);
  if (got.kind === 'refused') return die(`can't connect to remote host (${got.ip}): Connection refused`);
  if (t.scheme === 'https' || got.kind === 'no-reply' || got.kind === 'reset') return die('error getting response: Connection reset by peer');
  const r = got.response;
  if (r.status >= 400) return die(`server returned error: HTTP/1.1 ${r.status} ${r.reason}`);
  if (spider) return { exitCode: 0, stdout: '', stderr: [...err, ...(quiet ? [] : ['remote file exists'])].map((l) => `${l}\n`).join('') };
  const file = output ?? (t.path.split('?')[0].split('/').pop() || 'index.html');
  const toStdout = file === '-';
  if (!quiet) err.push(toStdout ? 'writing to stdout' : `saving to '${file}'`, toStdout ? 'written to stdout' : `'${file}' saved`);
  return { exitCode: 0, stdout: toStdout ? r.body : '', stderr: err.map((l) => `${l}\n`).join('') };
}
