// A kubectl terminal: one command line with history (↑/↓), scrollback, stderr in red, `clear`. A line that opens a
// here-document waits for more (bash's `> ` prompt), and a multi-line paste is typed line by line, as in a terminal.
import { memo, useCallback, useEffect, useImperativeHandle, useRef, useState, type ClipboardEvent, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExecResult } from '../../worker/protocol.ts';
import { colorize } from './colorize.tsx';
import { interactiveExec, sessionCommand, sessionLine, sessionOutput, shellPrompt, withoutExitLine, type ShellSession } from './containershell.ts';
import { complete, type CompletionSource } from './completion.ts';
import { awaitsMore } from './continuation.ts';
import { History } from './history.ts';
import { appendText, type Line } from './scrollback.ts';

export interface TerminalHandle {
  /** Run a command as if typed. */
  run(line: string): void;
  /** Show output that comes later than its command (a `kubectl edit` saved in the editor panel), after what is queued. */
  print(kind: 'out' | 'err' | 'info', text: string): void;
  focus(): void;
}

export interface TerminalProps {
  exec(line: string): Promise<ExecResult>;
  /**
   * Streaming commands (`kubectl get -w`, `kubectl port-forward [&]`): later output goes to onText (stream 'err':
   * stderr; null: it ended, 'exit' when by itself) until stop().
   */
  watch?(line: string, onText: (text: string | null, stream?: 'err' | 'exit') => void): Promise<{ result: ExecResult; stop(): void }>;
  /** Tab completion of kinds and names. */
  completion?: CompletionSource;
  /** The kubeconfig context's namespace, shown beside the prompt when it is not "default" (asked after each command). */
  contextNamespace?(): Promise<string>;
  ref?: Ref<TerminalHandle>;
}

const MAX_LINES = 5000;

const TermLine = memo(function TermLine({ line }: { line: Line }) {
  return (
    <div className={`term-line ${line.kind === 'shell' ? 'cmd' : line.kind}`} data-testid="terminal-line" data-kind={line.kind}>
      {line.kind === 'cmd' && <span className="prompt">$ </span>}
      {line.kind === 'out' ? colorize(line.text) : line.text}
    </div>
  );
});
const HISTORY_KEY = 'kubesim.terminal.history';

function loadHistory(): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(HISTORY_KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

function saveHistory(entries: readonly string[]): void {
  try {
    localStorage.setItem(HISTORY_KEY, JSON.stringify(entries.slice(-100)));
  } catch {
    // storage full or disabled: history is a convenience
  }
}

const verb = (name: string) => new RegExp(`^(kubectl|k)\\s+(-\\S+(\\s+[^-\\s]\\S*)?\\s+)*${name}\\s`);
/** A trailing `&` (not `&&`): the workstation's shell runs the line as a background job. */
const backgrounded = (line: string) => /(^|[^&])&\s*$/.test(line);

/** Is this a port-forward, which runs until stopped? */
export function forwards(line: string): boolean {
  return verb('port-forward').test(line);
}

/**
 * Does this line hold the prompt until Ctrl+C? (kubectl get with -w, --watch or --watch-only, and a port-forward
 * without `&`; flags may precede the verb.)
 */
export function streams(line: string): boolean {
  if (backgrounded(line)) return false;
  return (verb('get').test(line) && /(^|\s)(-w|--watch|--watch-only)(=true)?(\s|$)/.test(line)) || forwards(line);
}

/** A port-forward put in the background: its later lines (connections, its end) still show here. */
export function forwardsInBackground(line: string): boolean {
  return backgrounded(line) && forwards(line);
}

export function Terminal({ exec, watch, completion, contextNamespace, ref }: TerminalProps) {
  const { t } = useTranslation();
  const [lines, setLines] = useState<Line[]>([]);
  const [input, setInput] = useState('');
  const [busy, setBusy] = useState(false);
  const history = useRef<History | null>(null);
  history.current ??= new History(loadHistory());
  const nextId = useRef(1);
  const outputRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const watching = useRef<(() => void) | undefined>(undefined);
  // Background port-forwards: each one's stop (they end with the terminal, as a shell's jobs with its window).
  const jobs = useRef(new Set<() => void>());
  const [streaming, setStreaming] = useState<false | 'watch' | 'forward'>(false);
  const [namespace, setNamespace] = useState('default');
  // `kubectl exec -it POD -- sh`: lines go to the container's shell until `exit` (containershell.ts).
  const [session, setSession] = useState<ShellSession>();
  // The lines of a command still waiting for its here-document's delimiter.
  const pending = useRef<string[]>([]);
  const [continuing, setContinuing] = useState(false);
  const sessionRef = useRef<ShellSession | undefined>(undefined);
  const openSession = useCallback((s: ShellSession | undefined) => { sessionRef.current = s; setSession(s); }, []);
  // Asked on mount (a reload restores the kubeconfig) and after each command (config set-context may change it).
  const refreshNamespace = useCallback(() => {
    if (contextNamespace) void contextNamespace().then(setNamespace, () => undefined);
  }, [contextNamespace]);
  useEffect(refreshNamespace, [refreshNamespace]);

  const append = useCallback((kind: Line['kind'], text: string) => {
    if (!text) return;
    const id = nextId.current++;
    setLines((prev) => appendText(prev, kind, text, id, MAX_LINES));
  }, []);

  const run = useCallback(
    (raw: string, echoed = false) => {
      const line = raw.trim();
      // A multi-line command is not kept: the one-line input could not show it again.
      if (!raw.includes('\n')) {
        history.current!.push(raw);
        saveHistory(history.current!.all);
      }
      if (line === 'clear') {
        setLines([]);
        return;
      }
      const shell = sessionRef.current;
      if (shell) {
        // A typed line is a closed block: the next one (cd prints nothing) starts its own. A here-document's lines
        // were echoed as they came (submit).
        if (!echoed) append('shell', `${shellPrompt(shell)}${raw}\n`);
        const what = sessionLine(raw);
        if (what === 'exit') openSession(undefined);
        if (what !== 'run') return;
        queue.current = queue.current.then(async () => {
          setBusy(true);
          try {
            const r = await exec(sessionCommand(shell, raw));
            const { stdout, cwd } = sessionOutput(r.stdout);
            append('out', stdout);
            append('err', withoutExitLine(r.stderr));
            if (cwd && cwd !== shell.cwd) openSession({ ...shell, cwd });
          } catch (e) {
            append('err', e instanceof Error ? e.message : String(e));
          } finally {
            setBusy(false);
          }
        });
        return;
      }
      if (!echoed) append('cmd', line && `${line.replaceAll('\n', '\n> ')}\n`);
      if (!line) return;
      const interactive = interactiveExec(line);
      if (interactive) {
        // The shell must start in the container: its hostname, asked through the same exec, opens the session.
        queue.current = queue.current.then(async () => {
          setBusy(true);
          try {
            const r = await exec(`kubectl ${interactive.target.join(' ')} -- ${interactive.shell} -c hostname`);
            if (r.code === 0) openSession({ ...interactive, hostname: r.stdout.trim(), cwd: '/' });
            else { append('out', r.stdout); append('err', r.stderr); }
          } catch (e) {
            append('err', e instanceof Error ? e.message : String(e));
          } finally {
            setBusy(false);
          }
        });
        return;
      }
      if (watch && forwardsInBackground(line)) {
        queue.current = queue.current.then(async () => {
          setBusy(true);
          const job = { stop: () => undefined as void, ended: false };
          try {
            const { result, stop } = await watch(line, (text, stream) => {
              if (text !== null) append(stream === 'err' ? 'err' : 'out', text);
              else { job.ended = true; jobs.current.delete(job.stop); }
            });
            append('out', result.stdout);
            append('err', result.stderr);
            job.stop = stop;
            if (!job.ended && result.code === 0) jobs.current.add(stop);
          } catch (e) {
            append('err', e instanceof Error ? e.message : String(e));
          } finally {
            setBusy(false);
          }
        });
        return;
      }
      if (watch && streams(line)) {
        queue.current = queue.current.then(() => new Promise<void>((resolve) => {
          let ended = false;
          const finish = () => {
            if (ended) return;
            ended = true;
            watching.current = undefined;
            setStreaming(false);
            resolve();
          };
          watch(line, (text, stream) => {
            if (text === null) {
              // A port-forward that lost its pod said so itself; otherwise the cluster was replaced.
              if (stream !== 'exit') append('info', t('workbench.terminal.ended'));
              finish();
            } else append(stream === 'err' ? 'err' : 'out', text);
          }).then(({ result, stop }) => {
            append('out', result.stdout);
            append('err', result.stderr);
            if (result.code !== 0 || ended) return finish();
            watching.current = () => {
              stop();
              append('info', t('workbench.terminal.stopped'));
              finish();
            };
            setStreaming(forwards(line) ? 'forward' : 'watch');
          }, (e: unknown) => {
            append('err', e instanceof Error ? e.message : String(e));
            finish();
          });
        }));
        return;
      }
      queue.current = queue.current.then(async () => {
        setBusy(true);
        try {
          const r = await exec(line);
          append('out', r.stdout);
          append('err', r.stderr);
          if (r.code !== 0 && !r.stderr) append('err', t('terminal.exitCode', { code: r.code }));
        } catch (e) {
          append('err', e instanceof Error ? e.message : String(e));
        } finally {
          setBusy(false);
          refreshNamespace();
        }
      });
    },
    [append, exec, watch, t, refreshNamespace, openSession],
  );

  /**
   * One typed line: run it, or keep it while a here-document waits for its delimiter (echoed as bash does, and as a
   * container's shell does in a `kubectl exec -it` session, after its own prompt; both show `> ` for the next lines).
   */
  const submit = useCallback((raw: string) => {
    const lines = [...pending.current, raw];
    const more = awaitsMore(lines);
    if (!more && !pending.current.length) return run(raw);
    const shell = sessionRef.current;
    if (pending.current.length) append('shell', `> ${raw}\n`);
    else if (shell) append('shell', `${shellPrompt(shell)}${raw}\n`);
    else append('cmd', `${raw.trim()}\n`);
    pending.current = more ? lines : [];
    setContinuing(more);
    if (!more) run(lines.join('\n'), true);
  }, [append, run]);

  const print = useCallback((kind: 'out' | 'err' | 'info', text: string) => {
    queue.current = queue.current.then(() => append(kind, text));
  }, [append]);

  useImperativeHandle(ref, () => ({ run, print, focus: () => inputRef.current?.focus() }), [run, print]);
  useEffect(() => () => {
    // A streaming command and the background jobs end with the terminal.
    watching.current?.();
    for (const stop of jobs.current) stop();
  }, []);

  useEffect(() => {
    const el = outputRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines]);

  /** A paste with line breaks: each whole line is entered, the last part stays in the input (as a terminal takes it). */
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData('text/plain');
    if (!/[\r\n]/.test(text)) return;
    e.preventDefault();
    const el = e.currentTarget;
    const typed = input.slice(0, el.selectionStart ?? input.length) + text + input.slice(el.selectionEnd ?? input.length);
    const parts = typed.replace(/\r\n?/g, '\n').split('\n');
    const last = parts.pop() ?? '';
    for (const part of parts) submit(part);
    setInput(last);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'c' && e.ctrlKey && pending.current.length) {
      // Ctrl+C drops the unfinished command, as bash does at its `> ` prompt.
      e.preventDefault();
      append('shell', `> ${input}^C\n`);
      pending.current = [];
      setContinuing(false);
      setInput('');
    } else if (e.key === 'c' && e.ctrlKey && watching.current) {
      e.preventDefault();
      watching.current();
    } else if (e.key === 'd' && e.ctrlKey && sessionRef.current && !input && !pending.current.length) {
      // Ctrl+D on an empty line: end of input, the shell exits.
      e.preventDefault();
      run('exit');
    } else if (e.key === 'Enter') {
      e.preventDefault();
      submit(input);
      setInput('');
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      const v = history.current!.up(input);
      if (v !== undefined) setInput(v);
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      const v = history.current!.down();
      if (v !== undefined) setInput(v);
    } else if (e.key === 'Tab' && !e.shiftKey && completion && !sessionRef.current) {
      e.preventDefault();
      const typed = input;
      void complete(typed, completion).then((c) => {
        if (!c) return;
        setInput((now) => (now === typed ? c.line : now));
        if (c.candidates.length && c.line === typed) append('info', c.candidates.join('  '));
      });
    } else if (e.key === 'l' && e.ctrlKey) {
      e.preventDefault();
      setLines([]);
    }
  };

  return (
    <section className="pane terminal" data-testid="terminal" onClick={() => window.getSelection()?.isCollapsed && inputRef.current?.focus()}>
      <div className="pane-head">
        <span className="pane-title">{t('terminal.title')}</span>
        <span className="spacer" />
        <button type="button" className="btn btn-ghost btn-xs" onClick={() => setLines([])} data-testid="terminal-clear">
          {t('terminal.clear')}
        </button>
      </div>
      <div className="terminal-output" ref={outputRef} data-testid="terminal-output" aria-live="polite">
        {lines.length === 0 && <div className="term-line info">{t('terminal.welcome')}</div>}
        {lines.map((l) => (
          <TermLine key={l.id} line={l} />
        ))}
      </div>
      <div className={`terminal-input-row ${busy || streaming ? 'busy' : ''}`} data-streaming={streaming !== false}>
        {session ? (
          <span className="prompt" data-testid="terminal-shell-prompt" title={t('terminal.shellTitle', { target: session.target.slice(1).join(' ') })}>{continuing ? '>' : shellPrompt(session).trimEnd()}</span>
        ) : (
          <>
            {namespace !== 'default' && (
              <span className="prompt prompt-namespace" data-testid="terminal-namespace" title={t('terminal.namespace', { namespace })}>
                ({namespace})
              </span>
            )}
            <span className="prompt" data-testid="terminal-prompt">{continuing ? '>' : '$'}</span>
          </>
        )}
        <input
          ref={inputRef}
          className="terminal-input"
          data-testid="terminal-input"
          aria-label={t('terminal.inputLabel')}
          placeholder={streaming === 'forward' ? t('terminal.forwarding') : streaming ? t('workbench.terminal.watching') : continuing ? t('terminal.continuation') : session ? t('terminal.shellPlaceholder') : t('terminal.placeholder')}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          spellCheck={false}
          autoComplete="off"
          autoCapitalize="off"
        />
      </div>
    </section>
  );
}
