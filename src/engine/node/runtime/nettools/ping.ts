// busybox ping (networking/ping.c, FEATURE_FANCY_PING): `ping [-c CNT] [-w SEC] [-W SEC] [-s SIZE] [-q] HOST`,
// the echoes going where the data plane sends them (network/traffic/echo.ts): pods and nodes answer, a Service's
// address only in IPVS mode. Its texts: "PING host (ip): 56 data bytes", "64 bytes from ip: seq=0 ttl=62 time=…",
// the statistics, exit status 1 without a reply. A raw ICMP socket needs CAP_NET_RAW: a container that dropped it,
// or runs as another user than root, gets "permission denied (are you root?)".
// SIMULATION: without -c or -w ping runs until interrupted; here it stops after DEFAULT_COUNT echoes, as if
// interrupted then. Round-trip times are drawn from the addresses and the sequence number: tens of microseconds on
// one node, hundreds across nodes.
import { hashString } from '../../../sim/rng.ts';
import type { ExecResult } from '../exec.ts';
import type { NetProbe } from './probe.ts';
import { busyboxUsage } from './tools.ts';

const DEFAULT_COUNT = 4;
const DEFAULT_DATA_BYTES = 56;
/** The ICMP header that -s's data follows. */
const ICMP_HEADER_BYTES = 8;

const USAGE = busyboxUsage(`ping [OPTIONS] HOST

Send ICMP ECHO_REQUEST packets to network hosts

\t-4,-6\t\tForce IP or IPv6 name resolution
\t-c CNT\t\tSend only CNT pings
\t-s SIZE\t\tSend SIZE data bytes in packets (default 56)
\t-i SECS\t\tInterval
\t-A\t\tPing as soon as reply is received
\t-t TTL\t\tSet TTL
\t-I IFACE/IP\tSource interface or IP address
\t-W SEC\t\tSeconds to wait for the first response (default 10)
\t\t\t(after all -c CNT packets are sent)
\t-w SEC\t\tSeconds until ping exits (default:infinite)
\t\t\t(can exit earlier with -c CNT)
\t-q\t\tQuiet, only display output at start/finish
\t-p HEXBYTE\tPayload pattern`);

/** Options that take a value (getopt32's "c:+s:t:+w:+W:+I:p:i:"). */
const WITH_VALUE = new Set(['c', 's', 't', 'w', 'W', 'I', 'p', 'i']);

interface PingOptions { count?: number; deadline?: number; size: number; quiet: boolean; host: string }

export function ping(probe: NetProbe, args: string[], rawSockets: boolean): ExecResult {
  const opts = parseArgs(args);
  if (typeof opts === 'string') return { exitCode: 1, stdout: '', stderr: opts };
  const reply = probe.ping(opts.host);
  if (reply.kind === 'unresolved') return { exitCode: 1, stdout: '', stderr: `ping: bad address '${opts.host}'\n` };
  let out = `PING ${opts.host} (${reply.ip}): ${opts.size} data bytes\n`;
  // ping.c opens its raw socket after printing the header.
  if (!rawSockets) return { exitCode: 1, stdout: out, stderr: 'ping: permission denied (are you root?)\n' };
  const sent = Math.min(opts.count ?? Infinity, opts.deadline ?? Infinity, opts.count === undefined && opts.deadline === undefined ? DEFAULT_COUNT : Infinity);
  const times: number[] = [];
  if (reply.kind === 'reply') {
    for (let seq = 0; seq < sent; seq++) {
      const us = roundTripMicros(reply.ip, seq, reply.sameNode);
      times.push(us);
      if (!opts.quiet) out += `${opts.size + ICMP_HEADER_BYTES} bytes from ${reply.ip}: seq=${seq} ttl=${reply.ttl} time=${millis(us)} ms\n`;
    }
  }
  const received = times.length;
  out += `\n--- ${opts.host} ping statistics ---\n${sent} packets transmitted, ${received} packets received, ${Math.floor(((sent - received) * 100) / sent)}% packet loss\n`;
  if (received) {
    const avg = Math.floor(times.reduce((a, b) => a + b, 0) / received);
    out += `round-trip min/avg/max = ${millis(Math.min(...times))}/${millis(avg)}/${millis(Math.max(...times))} ms\n`;
  }
  // With -w, fewer replies than -c asked for is a failure too.
  const failed = received === 0 || (opts.deadline !== undefined && opts.count !== undefined && received < opts.count);
  return { exitCode: failed ? 1 : 0, stdout: out, stderr: '' };
}

/** The options, or what busybox prints for bad ones (its usage, or getopt32's number check). */
function parseArgs(args: string[]): PingOptions | string {
  const o: Partial<PingOptions> = { size: DEFAULT_DATA_BYTES, quiet: false };
  const hosts: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (!a.startsWith('-') || a === '-') { hosts.push(a); continue; }
    for (let k = 1; k < a.length; k++) {
      const f = a[k];
      if (WITH_VALUE.has(f)) {
        const v = a.slice(k + 1) || args[++i];
        if (v === undefined) return USAGE;
        const n = Number(v);
        if ('cwstW'.includes(f) && !(/^\d+$/.test(v) && n <= 0xffff_ffff)) return `ping: invalid number '${v}'\n`;
        if (f === 'c') o.count = n;
        else if (f === 'w') o.deadline = n;
        else if (f === 's') o.size = n;
        // -t, -W, -I, -p, -i change nothing an exec shows here.
        break;
      }
      if (f === 'q') o.quiet = true;
      else if (!'vA46n'.includes(f)) return USAGE;
    }
  }
  // Exactly one HOST; -c 0 means no limit, as -w 0 does.
  if (hosts.length !== 1) return USAGE;
  if (o.count === 0) o.count = undefined;
  if (o.deadline === 0) o.deadline = undefined;
  return { ...o, host: hosts[0] } as PingOptions;
}

/** A round trip in microseconds, the same for the same echo: 40–120 µs on one node, 250–900 µs across nodes. */
function roundTripMicros(ip: string, seq: number, sameNode: boolean): number {
  // The sequence number first: FNV-1a spreads a difference only over the characters hashed after it.
  const h = hashString(`${seq}#${ip}`) / 0x1_0000_0000;
  return sameNode ? 40 + Math.floor(h * 80) : 250 + Math.floor(h * 650);
}

/** busybox's "%u.%03u" of microseconds. */
function millis(us: number): string {
  return `${Math.floor(us / 1000)}.${String(us % 1000).padStart(3, '0')}`;
}
