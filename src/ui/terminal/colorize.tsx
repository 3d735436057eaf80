// Colour in terminal output: kubectl's status words (Running, Pending, CrashLoopBackOff …) and the header
// row of tables, as a coloured shell would show them.
import type { ReactNode } from 'react';

const OK = ['Running', 'Ready', 'Completed', 'Succeeded', 'True', 'Normal', 'Bound', 'Available'];
const WARN = ['Pending', 'ContainerCreating', 'PodInitializing', 'Terminating', 'SchedulingDisabled', 'NotReady', 'Unknown', 'Warning', 'Progressing'];
const BAD = ['CrashLoopBackOff', 'Error', 'Failed', 'ImagePullBackOff', 'ErrImagePull', 'OOMKilled', 'Evicted', 'False', 'FailedScheduling', 'Unschedulable'];

const WORD = new RegExp(`\\b(${[...OK, ...WARN, ...BAD].join('|')})\\b`, 'g');
const TONE = new Map<string, string>([...OK.map((w) => [w, 'ok'] as const), ...WARN.map((w) => [w, 'warn'] as const), ...BAD.map((w) => [w, 'bad'] as const)]);

/** A table's header: the first line, all capitals, at least two columns. */
function isHeader(line: string): boolean {
  return /^[A-Z][A-Z0-9-]*(?: {2,}[A-Z][A-Z0-9 ()-]*)+$/.test(line.trimEnd());
}

export function colorize(text: string): ReactNode[] {
  return text.split('\n').flatMap((line, i): ReactNode[] => {
    const nl = i > 0 ? ['\n'] : [];
    if (isHeader(line)) return [...nl, <span key={`h${i}`} className="tc-head">{line}</span>];
    const parts: ReactNode[] = [];
    let last = 0;
    for (const m of line.matchAll(WORD)) {
      if (m.index > last) parts.push(line.slice(last, m.index));
      parts.push(<span key={`${i}:${m.index}`} className={`tc-${TONE.get(m[1])}`}>{m[1]}</span>);
      last = m.index + m[1].length;
    }
    if (last < line.length) parts.push(line.slice(last));
    return [...nl, ...parts];
  });
}
