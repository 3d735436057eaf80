// A tiny `sh` for the simulated runtime: it reads the scripts that Pod specs give to `sh -c` and turns them into
// a timeline (what the process prints and when, which files it creates or removes, when and how it exits).
// SIMULATION: nothing runs; behaviour.ts documents which commands mean what. The timeline is computed once
// per container; log lines and file checks are derived from it on demand, so no timer ticks per line.
//
// Understood: `;` `&&` `||` newlines and `&`; `echo`/`printf` (to the log, or `> file`), `sleep N|Ns|Nm|Nh|Nd|infinity`,
// `exit N`, `true`/`false`/`:`, `touch`/`rm`, `cat <<EOF` here-documents (to the log, or `> file`; `<<-`, quoted
// delimiters), `test`/`[ -f ]`, `date`, `hostname`, assignments and `i=$((i+1))` counters, `while true|:|sleep N;
// do …; done` (forever), `until …`/`while …` on the network (`until nslookup mydb; do sleep 2; done`: a gate, which
// the runtime checks against the data plane each round, also inside `if` branches and `for` bodies; not inside
// another loop's body or an `if` condition), `until …`/`while …` with other conditions (assumed to be
// met at once), `for x in a b c` / `$(seq A B)`, `if … then … fi` (the then branch),
// `exec CMD`, `tail -f` and long-running programs. An unknown command is quick, unless it is the last thing
// the script does: then it is taken to be the program the container exists for, and it runs until stopped.

export type FileOp = 'touch' | 'rm';

/** What happens at one moment of a process's life. Text is expanded when it is read ($(date), $i …). */
export interface TimelineEvent {
  at: number; // ms since the process started (for loop bodies: since the iteration started)
  kind: 'log' | FileOp;
  text: string;
  env: Env;
  /** What `echo …> file` / `>> file` writes (expanded when read, like text); undefined for a plain `touch`. */
  data?: string;
  append?: boolean;
}

export type TimelineEnd =
  | { kind: 'exit'; at: number; code: number }
  /** Blocked for good: `sleep infinity`, a server (`serve` names it), or a busy loop. */
  | { kind: 'forever'; at: number; busy: boolean; serve?: string }
  /** An endless loop whose body takes `period` ms; counters advance by `step` each iteration. */
  | { kind: 'loop'; at: number; period: number; body: TimelineEvent[]; step: Record<string, number> };

export interface Timeline { events: TimelineEvent[]; end: TimelineEnd; gate?: Gate }

/**
 * A loop waiting on the network (`until nslookup mydb; do echo waiting; sleep 2; done`): the timeline's end is
 * that loop (a 'loop' end at `at`, one round per `period`) until the runtime finds, at the start of a round, that
 * `exits` holds; passGate then continues the script from there. A single network command on the script's path
 * (`wget -qO- http://web`) is a gate of period 0, passed at its first check, the rest following with its status.
 */
export interface Gate {
  at: number;
  period: number;
  /**
   * Whether the loop stops, given the exit status of each network command of its condition (its words as written,
   * to expand in env).
   */
  exits(status: NetStatus): boolean;
  /** The rest of the script, from the moment the loop stops (times from there). */
  then(): Timeline;
}

/** The exit status of a network command: its words as written, and the environment to expand them in. */
export type NetStatus = (argv: string[], env: Env) => number;

/** Programs whose exit status depends on the pod network (nettools/): loops on them wait for it. */
const NETWORK_TOOLS = new Set(['nslookup', 'wget', 'curl', 'nc', 'ping', 'dig', 'host']);
/** SIMULATION: a loop on the network that never sleeps is taken to check once a second. */
const BUSY_GATE_PERIOD_MS = 1000;

export type Env = Readonly<Record<string, string>>;

/** Loops unroll at most this often; scripts log at most this many lines before their endless part. */
const MAX_EVENTS = 10_000;

// ---- tokens ----

/** A word, or an operator (`fd` 2 marks a `2>` redirection; `<<` and `<<-` carry their here-document). */
type Tok = { w: string } | { op: string; fd?: 2; heredoc?: HereDoc };

/** A here-document's lines; `literal` when its delimiter was quoted (then nothing in it is expanded). */
export interface HereDoc { body: string; literal: boolean }

const OPS = ['&&', '||', ';;', '>>', '<<<', '<<-', '<<', ';', '&', '|', '\n', '>', '<', '(', ')'];
/** Marks a `$` that came from single quotes: never expanded. */
export const LITERAL_DOLLAR = '\u0001';

/** What a backslash escapes inside double quotes. */
const DQUOTE_ESCAPABLE = '$`"\\\n';

/** An escaped character as the word keeps it: an escaped `$` is a literal dollar, never expanded. */
function escaped(ch: string): string {
  return ch === '$' ? LITERAL_DOLLAR : ch;
}

/** A here-document whose delimiter has been read and whose lines start after the current line. */
interface PendingDoc { delimiter: string; stripTabs: boolean; doc: HereDoc }

/** The delimiter word after `<<` at `from`: where it ends, the word with its quotes removed, and whether it had any. */
function heredocDelimiter(script: string, from: number): { end: number; word: string; quoted: boolean } {
  let i = from;
  while (script[i] === ' ' || script[i] === '\t') i++;
  let word = '';
  let quoted = false;
  for (; i < script.length && !/[\s;&|<>()]/.test(script[i]); i++) {
    const ch = script[i];
    if (ch === "'" || ch === '"') {
      const close = script.indexOf(ch, i + 1);
      const stop = close < 0 ? script.length : close;
      word += script.slice(i + 1, stop);
      quoted = true;
      i = stop;
    } else if (ch === '\\' && i + 1 < script.length) {
      word += script[++i];
      quoted = true;
    } else word += ch;
  }
  return { end: i, word, quoted };
}

/**
 * The lines of the pending here-documents, read from `from` (the start of the line after their command): each
 * runs up to its delimiter alone on a line (after leading tabs with `<<-`) or to the end of the script, as bash
 * takes an unterminated one. Returns where the script goes on.
 */
function readHereDocs(script: string, from: number, pending: PendingDoc[]): number {
  let at = from;
  for (const p of pending.splice(0)) {
    const lines: string[] = [];
    while (at < script.length) {
      const nl = script.indexOf('\n', at);
      const end = nl < 0 ? script.length : nl;
      const raw = script.slice(at, end);
      at = end + 1;
      const line = p.stripTabs ? raw.replace(/^\t+/, '') : raw;
      if (line === p.delimiter) break;
      lines.push(line);
    }
    p.doc.body = lines.map((l) => `${l}\n`).join('');
  }
  return at;
}

function tokenize(script: string): Tok[] {
  const toks: Tok[] = [];
  let w = '';
  let inWord = false;
  const pending: PendingDoc[] = [];
  const flush = () => { if (inWord) toks.push({ w }); w = ''; inWord = false; };
  for (let i = 0; i < script.length; i++) {
    const ch = script[i];
    if (ch === '\\' && i + 1 < script.length) {
      if (script[i + 1] !== '\n') { w += escaped(script[i + 1]); inWord = true; }
      i++;
    } else if (ch === "'") {
      const end = script.indexOf("'", i + 1);
      const stop = end < 0 ? script.length : end;
      w += script.slice(i + 1, stop).replaceAll('$', LITERAL_DOLLAR);
      inWord = true;
      i = stop;
    } else if (ch === '"') {
      let j = i + 1;
      while (j < script.length && script[j] !== '"') {
        // Inside double quotes a backslash escapes only $ ` " \ and a newline (POSIX 2.2.3); before anything
        // else it stays, so printf "a\n" still sees its escape.
        if (script[j] === '\\' && j + 1 < script.length && DQUOTE_ESCAPABLE.includes(script[j + 1])) {
          if (script[j + 1] !== '\n') w += escaped(script[j + 1]);
          j += 2;
          continue;
        }
        w += script[j++];
      }
      inWord = true;
      i = j;
    } else if (ch === '$' && (script[i + 1] === '(' || script[i + 1] === '{')) {
      // $( … ), $(( … )) and ${ … } stay one word, with whatever they contain.
      const open = script[i + 1];
      const close = open === '(' ? ')' : '}';
      let depth = 0;
      let j = i + 1;
      for (; j < script.length; j++) {
        if (script[j] === open) depth++;
        else if (script[j] === close && --depth === 0) break;
      }
      w += script.slice(i, j + 1);
      inWord = true;
      i = j;
    } else if (ch === '#' && !inWord) {
      while (i + 1 < script.length && script[i + 1] !== '\n') i++;
    } else if (ch === ' ' || ch === '\t' || ch === '\r') {
      flush();
    } else {
      const op = OPS.find((o) => script.startsWith(o, i));
      if (!op) { w += ch; inWord = true; continue; }
      // "2>" and "&>" redirect like ">"; "2>&1" goes nowhere we care about.
      if (op === '>' || op === '>>') {
        const fd = w === '2' && inWord ? 2 : undefined;
        if (w === '1' || w === '2' || w === '&') { w = ''; inWord = false; }
        flush();
        if (script.startsWith('&1', i + op.length) || script.startsWith('&2', i + op.length)) { i += op.length + 1; continue; }
        toks.push(fd ? { op, fd } : { op });
        i += op.length - 1;
        continue;
      } else if (op === '&' && script[i + 1] === '>') {
        flush();
        toks.push({ op: '>' });
        i++;
        continue;
      } else if (op === '<<' || op === '<<-') {
        flush();
        const d = heredocDelimiter(script, i + op.length);
        const doc: HereDoc = { body: '', literal: d.quoted };
        pending.push({ delimiter: d.word, stripTabs: op === '<<-', doc });
        toks.push({ op: '<<', heredoc: doc });
        i = d.end - 1;
        continue;
      } else if (op === '\n' && pending.length) {
        flush();
        toks.push({ op });
        i = readHereDocs(script, i + 1, pending) - 1;
        continue;
      } else flush();
      toks.push({ op });
      i += op.length - 1;
    }
  }
  flush();
  return toks;
}

// ---- syntax ----

/**
 * What a command reads on its standard input besides a pipe: a here-document, a file (`< FILE`) or a here-string
 * (`<<< WORD`, a word and a newline); `stage` is its command's index in the pipeline.
 */
export type Input = ({ heredoc: HereDoc } | { file: string } | { word: string }) & { stage: number };

export type Node =
  /** `pipeline` holds the commands piped into this one (the script timeline only runs the last). */
  | { t: 'simple'; words: string[]; redirect?: string; append?: boolean; background: boolean; pipeline?: string[][]; stderrTo?: string; input?: Input }
  | { t: 'loop'; until: boolean; cond: Seq; body: Seq }
  | { t: 'for'; name: string; items: string[]; body: Seq }
  | { t: 'if'; cond: Seq; then: Seq; otherwise?: Seq }
  | { t: 'group'; body: Seq };

/** Commands joined by `;` (always), `&&` (if the last succeeded) or `||` (if it failed). */
/** `piped`: a compound command's output is this command's stdin (`for … done | tail`); the timeline runs both. */
export type Seq = { join: ';' | '&&' | '||'; node: Node; piped?: true }[];

const KEYWORDS = new Set(['do', 'done', 'then', 'else', 'elif', 'fi', '}', 'esac']);

class Parser {
  private i = 0;
  constructor(private readonly toks: Tok[]) {}

  parseAll(): Seq { return this.seq(new Set()); }

  private peekWord(): string | undefined {
    const t = this.toks[this.i];
    return t && 'w' in t ? t.w : undefined;
  }

  private seq(stop: Set<string>): Seq {
    const out: Seq = [];
    let join: ';' | '&&' | '||' = ';';
    let piped = false;
    while (this.i < this.toks.length) {
      const t = this.toks[this.i];
      if ('op' in t) {
        this.i++;
        if (t.op === '&&' || t.op === '||') join = t.op;
        else if (t.op === '|') piped = out.length > 0;
        else if (t.op === '&') { const last = out[out.length - 1]?.node; if (last?.t === 'simple') last.background = true; }
        else if (t.op === ')') break;
        continue;
      }
      if (stop.has(t.w)) break;
      const node = this.command();
      if (node) out.push(piped ? { join, node, piped } : { join, node });
      join = ';';
      piped = false;
    }
    return out;
  }

  private expectWord(word: string): void {
    if (this.peekWord() === word) this.i++;
  }

  private command(): Node | undefined {
    const w = this.peekWord();
    if (w === 'while' || w === 'until') {
      this.i++;
      const cond = this.seq(new Set(['do']));
      this.expectWord('do');
      const body = this.seq(new Set(['done']));
      this.expectWord('done');
      return { t: 'loop', until: w === 'until', cond, body };
    }
    if (w === 'for') {
      this.i++;
      const name = this.peekWord() ?? 'i';
      this.i++;
      const items: string[] = [];
      if (this.peekWord() === 'in') {
        this.i++;
        for (let w = this.peekWord(); w !== undefined && w !== 'do'; w = this.peekWord()) { items.push(w); this.i++; }
      }
      while (this.i < this.toks.length && this.peekWord() !== 'do') this.i++;
      this.expectWord('do');
      const body = this.seq(new Set(['done']));
      this.expectWord('done');
      return { t: 'for', name, items: items.flatMap(expandSeq), body };
    }
    if (w === 'if') {
      this.i++;
      const cond = this.seq(new Set(['then']));
      this.expectWord('then');
      const then = this.seq(new Set(['else', 'elif', 'fi']));
      let otherwise: Seq | undefined;
      if (this.peekWord() === 'elif') {
        this.toks[this.i] = { w: 'if' };
        otherwise = [{ join: ';', node: this.command()! }];
        return { t: 'if', cond, then, otherwise };
      }
      if (this.peekWord() === 'else') { this.i++; otherwise = this.seq(new Set(['fi'])); }
      this.expectWord('fi');
      return { t: 'if', cond, then, otherwise };
    }
    if (w === '{') {
      this.i++;
      const body = this.seq(new Set(['}']));
      this.expectWord('}');
      return { t: 'group', body };
    }
    if (w !== undefined && KEYWORDS.has(w)) { this.i++; return undefined; }
    const words: string[] = [];
    const pipeline: string[][] = [];
    let redirect: string | undefined;
    let stderrTo: string | undefined;
    let input: Input | undefined;
    let append = false;
    while (this.i < this.toks.length) {
      const t = this.toks[this.i];
      if ('op' in t) {
        const stage = pipeline.length;
        if (t.heredoc) { this.i++; input = { heredoc: t.heredoc, stage }; continue; }
        if (t.op === '<' || t.op === '<<<') {
          this.i++;
          const w = this.peekWord() ?? '';
          this.i++;
          input = t.op === '<' ? { file: w, stage } : { word: w, stage };
          continue;
        }
        // A script's log keeps stdout and stderr together, so there `2> FILE` leaves the output where it was.
        if (t.fd === 2) { this.i++; stderrTo = this.peekWord(); this.i++; continue; }
        if (t.op === '>' || t.op === '>>') { append = t.op === '>>'; this.i++; redirect = this.peekWord(); this.i++; continue; }
        if (t.op === '|') { this.i++; pipeline.push(words.splice(0)); redirect = undefined; continue; }
        if (t.op === '(' && !words.length) { this.i++; const body = this.seq(new Set()); this.i++; return { t: 'group', body }; }
        break;
      }
      words.push(t.w);
      this.i++;
    }
    if (!words.length) return undefined;
    return { t: 'simple', words, redirect, append, background: false, ...(pipeline.length ? { pipeline } : {}), ...(stderrTo ? { stderrTo } : {}), ...(input ? { input } : {}) };
  }
}

/** A script's commands as the parser reads them; their words are unexpanded (see `expand`). */
export function parseScript(script: string): Seq {
  return new Parser(tokenize(script)).parseAll();
}

/** `$(seq 1 5)` → 1 2 3 4 5; anything else stays one item. */
function expandSeq(item: string): string[] {
  const m = /^\$\(seq\s+(-?\d+)(?:\s+(-?\d+))?(?:\s+(-?\d+))?\)$/.exec(item);
  if (!m) return [item];
  const [a, b, c] = [m[1], m[2], m[3]].map((x) => (x === undefined ? undefined : Number(x)));
  const [first, step, last] = c !== undefined ? [a!, b!, c] : b !== undefined ? [a!, 1, b] : [1, 1, a!];
  const out: string[] = [];
  for (let x = first; step > 0 ? x <= last : x >= last; x += step) {
    out.push(String(x));
    if (out.length >= MAX_EVENTS || step === 0) break;
  }
  return out;
}

// ---- evaluation ----

/** `sleep` arguments: seconds, or with s/m/h/d suffixes; "infinity" never ends. */
export function sleepMs(args: string[]): number {
  let total = 0;
  for (const a of args) {
    if (a === 'infinity' || a === 'inf') return Infinity;
    const m = /^(\d+(?:\.\d+)?|\.\d+)([smhd]?)$/.exec(a);
    if (!m) continue;
    total += Number(m[1]) * ({ '': 1000, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as Record<string, number>)[m[2]];
  }
  return Math.round(total);
}

/** Programs that serve until stopped when a script runs them. */
const SERVERS = new Set(['nginx', 'httpd', 'httpd-foreground', 'apache2-foreground', 'redis-server', 'postgres', 'mysqld',
  'docker-entrypoint.sh', 'agnhost', 'node', 'java', 'gunicorn', 'uvicorn', 'flask', 'npm', 'yarn', 'dotnet', 'caddy', 'traefik']);
/** Commands that finish at once and print nothing. */
const QUICK = new Set(['mkdir', 'cd', 'cp', 'mv', 'ln', 'chmod', 'chown', 'set', 'trap', 'unset', 'export', 'wget', 'curl',
  'nslookup', 'ping', 'apk', 'apt-get', 'pip', 'ls', 'cat', 'grep', 'sed', 'awk', 'kill', 'sync', 'umask', 'ulimit', 'source', '.', 'tee']);

const basename = (p: string) => p.slice(p.lastIndexOf('/') + 1);

interface State {
  t: number;
  status: number;
  env: Env;
  events: TimelineEvent[];
  end?: TimelineEnd;
  /** The loop the script waits in for the network, and what follows it (gathered as the sequences unwind). */
  gate?: { at: number; period: number; cond: Seq; until: boolean; env: Env; rest: Seq; once?: true };
  /** Counters changed by `x=$((x+N))`, for loops. */
  step: Record<string, number>;
  /** A server, or the latest end of a `sleep`, running in the background (`wait` waits for them). */
  bgServer?: string;
  bgUntil?: number;
}

class Interpreter {
  /**
   * Inside a loop, or an `if` condition, where a gate's continuation is not a plain rest of the sequence: nothing
   * gates there. (An `if` branch's rest is one; a `for` body's rest is followed by its remaining iterations.)
   */
  private fixedFlow = 0;

  /** net: the exit status of a network command, when a gate's condition is checked; without it they succeed. */
  constructor(private readonly isLast: (n: Node) => boolean, private readonly net?: NetStatus) {}

  run(seq: Seq, s: State): void {
    for (let i = 0; i < seq.length; i++) {
      const { join, node } = seq[i];
      if (s.end) return;
      if (join === '&&' && s.status !== 0) continue;
      if (join === '||' && s.status === 0) continue;
      this.node(node, s);
      // A gate stops the script here; what follows in this sequence (then in the enclosing ones) runs after it.
      if (s.gate) { s.gate.rest.push(...seq.slice(i + 1)); return; }
    }
  }

  private node(n: Node, s: State): void {
    switch (n.t) {
      case 'simple': return this.simple(n, s);
      case 'group': return this.run(n.body, s);
      case 'if': {
        this.fixedFlow++;
        this.run(n.cond, s);
        this.fixedFlow--;
        if (!s.end) {
          // A gate in the branch keeps the branch's rest; the enclosing sequence adds what follows the `fi`.
          if (s.status === 0) this.run(n.then, s);
          else if (n.otherwise) this.run(n.otherwise, s);
        }
        return;
      }
      case 'for': {
        for (let k = 0; k < n.items.length; k++) {
          if (s.end || s.events.length >= MAX_EVENTS) break;
          s.env = { ...s.env, [n.name]: n.items[k] };
          this.run(n.body, s);
          // A gate in the body: after this round's rest come the remaining rounds, then what follows the `done`.
          if (s.gate) {
            if (k + 1 < n.items.length) s.gate.rest.push({ join: ';', node: { ...n, items: n.items.slice(k + 1) } });
            return;
          }
        }
        return;
      }
      case 'loop': return this.loop(n, s);
    }
  }

  /**
   * An endless loop becomes a periodic end, a loop on the network a gate; a loop on any other condition is taken to
   * be done at once. Nothing inside a loop gates: a network command in its body is quick.
   */
  private loop(n: Extract<Node, { t: 'loop' }>, s: State): void {
    const gateable = !this.fixedFlow && !this.net;
    this.fixedFlow++;
    try {
      this.loopOf(n, s, gateable);
    } finally {
      this.fixedFlow--;
    }
  }

  private loopOf(n: Extract<Node, { t: 'loop' }>, s: State, gateable: boolean): void {
    const probe: State = { t: 0, status: 0, env: s.env, events: [], step: {} };
    this.run(n.cond, probe);
    const endless = !probe.end && (n.until ? probe.status !== 0 : probe.status === 0) && isAlwaysTrue(n.cond, n.until);
    if (!endless && gateable && waitsOnNetwork(n.cond) && this.gate(n, s)) return;
    if (!endless) { s.status = 0; return; }
    const start = s.t;
    const iter: State = { t: 0, status: 0, env: s.env, events: [], step: {} };
    this.run(n.cond, iter);
    this.run(n.body, iter);
    if (iter.end) {
      // The body exits or blocks in its first round: the loop never repeats.
      for (const e of iter.events) s.events.push({ ...e, at: start + e.at });
      s.end = { ...iter.end, at: start + iter.end.at } as TimelineEnd;
      return;
    }
    if (iter.t === 0) {
      s.end = iter.events.length
        ? { kind: 'loop', at: start, period: 1, body: iter.events, step: iter.step }
        : { kind: 'forever', at: start, busy: true };
      return;
    }
    s.end = { kind: 'loop', at: start, period: iter.t, body: iter.events, step: iter.step };
  }

  /**
   * A loop on a network condition: the script ends in it, as an endless loop, with a gate that the runtime checks;
   * false (no gate) when its body exits or blocks in its first round.
   */
  private gate(n: Extract<Node, { t: 'loop' }>, s: State): boolean {
    const iter: State = { t: 0, status: 0, env: s.env, events: [], step: {} };
    this.run(n.body, iter);
    if (iter.end || iter.gate) return false;
    const period = iter.t || BUSY_GATE_PERIOD_MS;
    s.end = { kind: 'loop', at: s.t, period, body: iter.events, step: iter.step };
    s.gate = { at: s.t, period, cond: n.cond, until: n.until, env: s.env, rest: [] };
    return true;
  }

  private simple(n: Extract<Node, { t: 'simple' }>, s: State): void {
    const words = [...n.words];
    // Leading assignments: NAME=value, NAME=$((NAME+1)).
    while (words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0])) {
      const w = words.shift()!;
      const eq = w.indexOf('=');
      this.assign(w.slice(0, eq), w.slice(eq + 1), s);
    }
    if (!words.length) { s.status = 0; return; }
    // `! CMD`: the pipeline's status inverted.
    if (words[0] === '!' && words.length > 1) {
      this.simple({ ...n, words: words.slice(1) }, s);
      if (!s.end) s.status = s.status === 0 ? 1 : 0;
      return;
    }
    if (words[0] === 'exec') words.shift();
    const cmd = basename(words[0] ?? '');
    const args = words.slice(1);
    if (n.background) {
      if (SERVERS.has(cmd) || (cmd === 'tail' && args.includes('-f'))) s.bgServer = cmd;
      if (cmd === 'sleep') s.bgUntil = Math.max(s.bgUntil ?? 0, s.t + sleepMs(args));
      s.status = 0;
      return;
    }
    switch (cmd) {
      case 'echo': case 'printf': {
        const text = cmd === 'echo' ? args.filter((a, i) => !(i === 0 && /^-[neE]+$/.test(a))).join(' ') : printf(args);
        if (n.redirect) { if (n.redirect !== '/dev/null') this.event(s, 'touch', n.redirect, { data: cmd === 'echo' ? echoData(args) : printfData(args), append: n.append }); } else for (const line of text.split('\n')) this.event(s, 'log', line);
        s.status = 0;
        return;
      }
      case 'sleep': {
        const ms = sleepMs(args);
        if (ms === Infinity) { s.end = { kind: 'forever', at: s.t, busy: false }; return; }
        s.t += ms;
        s.status = 0;
        return;
      }
      case 'exit': {
        const code = args.length ? Number(args[0]) : s.status;
        s.end = { kind: 'exit', at: s.t, code: Number.isFinite(code) ? ((code % 256) + 256) % 256 : 2 };
        return;
      }
      case 'true': case ':': s.status = 0; return;
      case 'false': s.status = 1; return;
      case 'touch': for (const a of args) this.event(s, 'touch', a); s.status = 0; return;
      case 'rm': for (const a of args.filter((x) => !x.startsWith('-'))) this.event(s, 'rm', a); s.status = 0; return;
      case 'date':
        if (n.redirect) { if (n.redirect !== '/dev/null') this.event(s, 'touch', n.redirect, { data: `$(date ${args.join(' ')})\n`, append: n.append }); } else this.event(s, 'log', `$(date ${args.join(' ')})`);
        s.status = 0;
        return;
      case 'hostname': this.event(s, 'log', '$(hostname)'); s.status = 0; return;
      case 'cat': {
        // `cat <<EOF > FILE` writes a configuration file, `cat <<EOF` prints the lines; other cats are quick.
        if (!n.input || !('heredoc' in n.input)) break;
        const { body, literal } = n.input.heredoc;
        const data = literal ? body.replaceAll('$', LITERAL_DOLLAR) : body;
        if (n.redirect) { if (n.redirect !== '/dev/null') this.event(s, 'touch', n.redirect, { data, append: n.append }); } else for (const line of data.replace(/\n$/, '').split('\n')) this.event(s, 'log', line);
        s.status = 0;
        return;
      }
      case 'test': case '[': case '[[': s.status = testStatus(args, s) ? 0 : 1; return;
      case 'let': for (const a of args) this.assign(a.replace(/\+\+$/, ''), a.endsWith('++') ? `$((${a.slice(0, -2)}+1))` : a, s); s.status = 0; return;
      case 'wait':
        if (s.bgServer || s.bgUntil === Infinity) s.end = { kind: 'forever', at: s.t, busy: false, serve: s.bgServer };
        else s.t = Math.max(s.t, s.bgUntil ?? 0);
        s.status = 0;
        return;
      case 'sh': case 'bash': case 'ash': case 'dash': {
        const i = args.indexOf('-c');
        if (i >= 0 && args[i + 1] !== undefined) { this.run(parseScript(args[i + 1]), s); return; }
        break;
      }
      case 'tail':
        if (args.includes('-f') || args.includes('-F')) { s.end = { kind: 'forever', at: s.t, busy: false }; return; }
        s.status = 0;
        return;
    }
    if (this.net && NETWORK_TOOLS.has(cmd)) { s.status = this.net([cmd, ...args], s.env); return; }
    // A network command on the script's own path (`wget -qO- http://web && echo up`): the runtime runs it when the
    // script gets there, and the rest follows with its status.
    if (NETWORK_TOOLS.has(cmd) && !this.fixedFlow && !this.net && !n.redirect) {
      s.end = { kind: 'forever', at: s.t, busy: false };
      s.gate = { at: s.t, period: 0, cond: [{ join: ';', node: { ...n, words } }], until: false, env: s.env, rest: [], once: true };
      return;
    }
    if (SERVERS.has(cmd) && !(cmd === 'nginx' && args.some((a) => a === '-t' || a === '-s' || a === '-v'))) {
      s.end = { kind: 'forever', at: s.t, busy: false, serve: cmd };
      return;
    }
    if (!QUICK.has(cmd) && this.isLast(n)) { s.end = { kind: 'forever', at: s.t, busy: false, serve: cmd }; return; }
    s.status = 0;
  }

  private assign(name: string, value: string, s: State): void {
    const m = /^\$\(\(\s*([A-Za-z_]\w*)\s*([+-])\s*(\d+)\s*\)\)$/.exec(value);
    if (m && m[1] === name) {
      const by = Number(m[3]) * (m[2] === '-' ? -1 : 1);
      s.env = { ...s.env, [name]: String(Number(s.env[name] ?? 0) + by) };
      s.step = { ...s.step, [name]: (s.step[name] ?? 0) + by };
      return;
    }
    s.env = { ...s.env, [name]: expand(value, s.env, 0, '') };
  }

  private event(s: State, kind: TimelineEvent['kind'], text: string, write?: { data: string; append?: boolean }): void {
    if (s.events.length < MAX_EVENTS) s.events.push({ at: s.t, kind, text, env: s.env, ...write });
  }
}

/** Whether a loop's condition runs a network tool (nslookup, wget, curl, nc …). */
function waitsOnNetwork(cond: Seq): boolean {
  return cond.some(({ node }) => node.t === 'simple' && NETWORK_TOOLS.has(basename(node.words.find((w) => w !== '!' && w !== 'exec') ?? '')));
}

/** `while true`, `while :`, `while [ 1 ]`, `while sleep 5`, `until false`: loops that never stop on their own. */
function isAlwaysTrue(cond: Seq, until: boolean): boolean {
  if (cond.length !== 1 || cond[0].node.t !== 'simple') return false;
  const [cmd, ...args] = cond[0].node.words;
  const name = basename(cmd);
  if (until) return name === 'false';
  return name === 'true' || name === ':' || name === 'sleep' || ((name === '[' || name === 'test') && args[0] === '1');
}

function testStatus(args: string[], s: State): boolean {
  const a = args.filter((x) => x !== ']' && x !== ']]');
  const negate = a[0] === '!';
  const rest = negate ? a.slice(1) : a;
  const result = rest.length === 2 && /^-[efdsr]$/.test(rest[0]) ? fileExistsIn(s.events, rest[1]) ?? false : true;
  return negate ? !result : result;
}

/** What `echo` writes: its words and a newline (none with -n). */
function echoData(args: string[]): string {
  const flags = /^-[neE]+$/.test(args[0] ?? '') ? args[0] : '';
  return args.slice(flags ? 1 : 0).join(' ') + (flags.includes('n') ? '' : '\n');
}

/** What `printf` writes: the format with its arguments, escapes turned into newlines. */
function printfData(args: string[]): string {
  const [fmt = '', ...rest] = args;
  return fmt.replace(/%[sd]/g, () => rest.shift() ?? '').replace(/\\n/g, '\n');
}

function printf(args: string[]): string {
  const [fmt = '', ...rest] = args;
  return fmt.replace(/%[sd]/g, () => rest.shift() ?? '').replace(/\\n/g, '\n').replace(/\n$/, '');
}

/** Whether a script's file operations leave `path` present (undefined: the script never touches it). */
function fileExistsIn(events: readonly TimelineEvent[], path: string, until = Infinity): boolean | undefined {
  let exists: boolean | undefined;
  for (const e of events) {
    if (e.at > until) break;
    if (e.kind !== 'log' && e.text === path) exists = e.kind === 'touch';
  }
  return exists;
}

/** The timeline of `sh -c SCRIPT`, with the container's environment. */
export function runScript(script: string, env: Env = {}): Timeline {
  const seq = parseScript(script);
  const last = lastSimple(seq);
  return timelineOf(seq, env, (n) => n === last);
}

function timelineOf(seq: Seq, env: Env, isLast: (n: Node) => boolean, status = 0): Timeline {
  const s: State = { t: 0, status, env, events: [], step: {} };
  new Interpreter(isLast).run(seq, s);
  const end = s.end ?? (s.bgServer ? { kind: 'forever', at: s.t, busy: false } : { kind: 'exit', at: s.t, code: s.status });
  const g = s.gate;
  if (!g) return { events: s.events, end };
  // A loop ends with status 0, so the rest's first `&&` runs; a single command passes its own status on.
  let passed = 0;
  return {
    events: s.events, end,
    gate: {
      at: g.at, period: g.period,
      exits(status) {
        const probe: State = { t: 0, status: 0, env: g.env, events: [], step: {} };
        new Interpreter(isLast, status).run(g.cond, probe);
        if (g.once) { passed = probe.status; return true; }
        return g.until ? probe.status === 0 : probe.status !== 0;
      },
      then: () => timelineOf(g.rest, g.env, isLast, passed),
    },
  };
}

/** Loop rounds kept in a passed gate's timeline: more could not show (logs keep their last lines). */
const MAX_GATE_ROUNDS = 1000;

/**
 * The timeline once its gate's loop stopped at the start of round `rounds`: the rounds it waited become events,
 * and the rest of the script follows from there.
 */
export function passGate(tl: Timeline, rounds: number): Timeline {
  const g = tl.gate!;
  const loop = tl.end;
  const events = [...tl.events];
  for (let k = Math.max(0, rounds - MAX_GATE_ROUNDS); loop.kind === 'loop' && k < rounds; k++) {
    for (const e of loop.body) events.push({ ...e, at: g.at + k * g.period + e.at, env: counterEnv(e.env, loop.step, k) });
  }
  const from = g.at + rounds * g.period;
  const rest = g.then();
  for (const e of rest.events) events.push({ ...e, at: from + e.at });
  const end: TimelineEnd = { ...rest.end, at: from + rest.end.at };
  return { events, end, ...(rest.gate ? { gate: { ...rest.gate, at: from + rest.gate.at } } : {}) };
}

function lastSimple(seq: Seq): Node | undefined {
  const n = seq[seq.length - 1]?.node;
  if (!n) return undefined;
  if (n.t === 'group') return lastSimple(n.body);
  return n.t === 'simple' ? n : undefined;
}

/** The lines a process has printed from its start (startMs) until `untilMs` into its life: at most `limit`, the last ones. */
export function timelineLogs(tl: Timeline, startMs: number, untilMs: number, hostname: string, limit: number): { at: number; text: string }[] {
  const out: { at: number; text: string }[] = [];
  const add = (at: number, e: TimelineEvent, env: Env) => out.push({ at: startMs + at, text: expand(e.text, env, startMs + at, hostname) });
  for (const e of tl.events) if (e.kind === 'log' && e.at <= untilMs) add(e.at, e, e.env);
  const end = tl.end;
  if (end.kind !== 'loop' || untilMs < end.at) return out.slice(-limit);
  const lines = end.body.filter((e) => e.kind === 'log');
  if (!lines.length) return out.slice(-limit);
  const iterations = Math.floor((untilMs - end.at) / end.period) + 1;
  for (let k = Math.max(0, iterations - Math.ceil(limit / lines.length) - 1); k < iterations; k++) {
    for (const e of lines) {
      const at = end.at + k * end.period + e.at;
      if (at > untilMs) break;
      add(at, e, counterEnv(e.env, end.step, k));
    }
  }
  return out.slice(-limit);
}

/** The environment of loop iteration k: counters moved on by k steps. */
export function counterEnv(env: Env, step: Record<string, number>, k: number): Env {
  const names = Object.keys(step);
  if (!names.length || k === 0) return env;
  const out: Record<string, string> = { ...env };
  for (const n of names) out[n] = String(Number(env[n] ?? 0) + step[n] * k);
  return out;
}

/** Whether `path` exists `atMs` into the process's life, if the script manages it at all. */
export function fileExists(timeline: Timeline, path: string, atMs: number): boolean | undefined {
  return fileExistsIn(timeline.events, path, atMs);
}

// ---- expansion ----

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `date` as busybox and coreutils print it in a UTC container: "Thu Jan  1 00:00:05 UTC 2026". */
export function dateString(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, ' ')} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} UTC ${d.getUTCFullYear()}`;
}

/** `date` or `date +FORMAT` (%Y %m %d %H %M %S %F %T %s): its other options are ignored. */
export function formatDate(args: string, ms: number): string {
  const fmt = /\+(.*)$/.exec(args.trim().replace(/^(?:-u\s+)?['"]?|['"]$/g, ''))?.[1];
  if (fmt === undefined) return dateString(ms);
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  const parts: Record<string, string> = {
    Y: String(d.getUTCFullYear()), m: p(d.getUTCMonth() + 1), d: p(d.getUTCDate()), H: p(d.getUTCHours()), M: p(d.getUTCMinutes()),
    S: p(d.getUTCSeconds()), s: String(Math.floor(ms / 1000)), '%': '%',
  };
  parts.F = `${parts.Y}-${parts.m}-${parts.d}`;
  parts.T = `${parts.H}:${parts.M}:${parts.S}`;
  return fmt.replace(/%([YmdHMSsFT%])/g, (_, k: string) => parts[k]);
}

/** Expand $VAR, ${VAR}, $(date), $(hostname), $((a+b)) at the moment the line is printed. */
export function expand(text: string, env: Env, atMs: number, hostname: string): string {
  return text
    .replace(/\$\(\((.*?)\)\)/g, (_, e: string) => String(arith(e, env)))
    .replace(/\$\(\s*date([^)]*)\)|`date([^`]*)`/g, (_, a?: string, b?: string) => formatDate(a ?? b ?? '', atMs))
    .replace(/\$\(\s*hostname\s*\)|`hostname`/g, hostname)
    .replace(/\$\{([A-Za-z_]\w*|\?)\}|\$([A-Za-z_]\w*|\?)/g, (_, a?: string, b?: string) => {
      const name = (a ?? b)!;
      return name === 'HOSTNAME' ? env[name] ?? hostname : env[name] ?? '';
    })
    .replaceAll(LITERAL_DOLLAR, '$');
}

function arith(expr: string, env: Env): number {
  const m = /^\s*(\w+)\s*(?:([-+*/%])\s*(\w+))?\s*$/.exec(expr);
  if (!m) return 0;
  const val = (x: string) => (/^\d+$/.test(x) ? Number(x) : Number(env[x] ?? 0));
  const a = val(m[1]);
  if (!m[2]) return a;
  const b = val(m[3]);
  switch (m[2]) {
    case '+': return a + b;
    case '-': return a - b;
    case '*': return a * b;
    case '/': return b ? Math.trunc(a / b) : 0;
    default: return b ? a % b : 0;
  }
}
