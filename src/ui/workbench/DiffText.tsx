// A unified diff, each line coloured by what it does (added, removed, hunk header).
export function DiffText({ text, testId }: { text: string; testId?: string }) {
  const lines = text.replace(/\n$/, '').split('\n');
  const kind = (l: string) => (l.startsWith('+++') || l.startsWith('---') || l.startsWith('diff ') ? 'head' : l.startsWith('@@') ? 'hunk' : l.startsWith('+') ? 'add' : l.startsWith('-') ? 'del' : 'ctx');
  return (
    <pre className="diff-text" data-testid={testId} tabIndex={0}>
      {lines.map((l, i) => (
        <div key={i} className={`diff-line diff-${kind(l)}`} data-diff={kind(l)}>{l || ' '}</div>
      ))}
    </pre>
  );
}
