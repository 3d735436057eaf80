import { describe, expect, it } from 'vitest';
import type { ApplyResult } from '../../worker/protocol.ts';
import { DRY_RUN_DELAY_MS, DryRunScheduler, type DryRunMarkers, type Timers } from './dryRunMarkers.ts';

/** Timers run by hand: `elapse(ms)` fires what is due. */
function manualTimers() {
  let now = 0;
  const due = new Map<number, { at: number; run: () => void }>();
  let seq = 0;
  const timers: Timers = {
    set: (run, ms) => (due.set(++seq, { at: now + ms, run }), seq),
    clear: (h) => void due.delete(h as number),
  };
  const elapse = (ms: number) => {
    now += ms;
    for (const [h, t] of [...due]) if (t.at <= now) { due.delete(h); t.run(); }
  };
  return { timers, elapse, pending: () => due.size };
}

const invalid: ApplyResult = {
  code: 1, stdout: '', stderr: '',
  documents: [{ index: 0, startLine: 1, endLine: 4, ok: false, message: 'The Deployment "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0' }],
};
const valid: ApplyResult = { code: 0, stdout: '', stderr: '', documents: [{ index: 0, startLine: 1, endLine: 4, ok: true, message: 'deployment.apps/web configured (server dry run)' }] };

function setup() {
  const calls: { text: string; answer(r: ApplyResult): void }[] = [];
  const published: DryRunMarkers[] = [];
  const t = manualTimers();
  const s = new DryRunScheduler(
    (text) => new Promise((resolve) => calls.push({ text, answer: resolve })),
    (r) => published.push(r),
    t.timers,
  );
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { s, calls, published, ...t, settle };
}

describe('dry-run markers while typing', () => {
  it('one dry run per pause in typing, for the last text only', () => {
    const { s, calls, elapse } = setup();
    s.edited('d1', 'replicas: 1');
    elapse(DRY_RUN_DELAY_MS - 1);
    s.edited('d1', 'replicas: -');
    elapse(DRY_RUN_DELAY_MS - 1);
    s.edited('d1', 'replicas: -1');
    expect(calls).toHaveLength(0);
    elapse(DRY_RUN_DELAY_MS);
    expect(calls.map((c) => c.text)).toEqual(['replicas: -1']);
  });

  it('publishes the failures as markers over their lines, and none once the text is fixed', async () => {
    const { s, calls, published, elapse, settle } = setup();
    s.edited('d1', 'replicas: -1');
    elapse(DRY_RUN_DELAY_MS);
    calls[0].answer(invalid);
    await settle();
    expect(published).toEqual([{ id: 'd1', text: 'replicas: -1', markers: [{ startLine: 1, endLine: 4, severity: 'error', message: invalid.documents[0].message }] }]);
    s.edited('d1', 'replicas: 1');
    elapse(DRY_RUN_DELAY_MS);
    calls[1].answer(valid);
    await settle();
    expect(published[1]).toEqual({ id: 'd1', text: 'replicas: 1', markers: [] });
  });

  it('drops a result whose text changed, or whose document is no longer shown, since the request left', async () => {
    const { s, calls, published, elapse, settle } = setup();
    s.edited('d1', 'replicas: -1');
    elapse(DRY_RUN_DELAY_MS);
    s.edited('d1', 'replicas: 1'); // typed while the dry run was out
    calls[0].answer(invalid);
    await settle();
    expect(published).toHaveLength(0);
    elapse(DRY_RUN_DELAY_MS);
    s.edited('d2', 'kind: ConfigMap'); // switched documents while it was out
    calls[1].answer(valid);
    await settle();
    expect(published).toHaveLength(0);
  });

  it('a worker that cannot answer leaves no marker; dispose cancels the waiting run', async () => {
    const t = manualTimers();
    const published: DryRunMarkers[] = [];
    const s = new DryRunScheduler(() => Promise.reject(new Error('the engine is not initialized')), (r) => published.push(r), t.timers);
    s.edited('d1', 'x');
    t.elapse(DRY_RUN_DELAY_MS);
    await new Promise((r) => setTimeout(r, 0));
    expect(published).toHaveLength(0);
    s.edited('d1', 'y');
    s.dispose();
    expect(t.pending()).toBe(0);
  });
});
