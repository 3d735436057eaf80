// Wraps the terminal's exec so that `sim trace request URL` typed in the terminal is also drawn on the map: it runs
// as `-o json` (one request, so the map and the printed lines show the same endpoint) and prints the usual text.
import { useCallback } from 'react';
import type { ExecResult } from '../../worker/protocol.ts';
import { asTraceJson, parseTrace, traceText } from '../traffic/trace.ts';
import { showTrace } from '../traffic/traceStore.ts';

export function useTraceCommand(exec: (line: string) => Promise<ExecResult>): (line: string) => Promise<ExecResult> {
  return useCallback(
    async (line: string) => {
      const json = asTraceJson(line);
      if (!json) return exec(line);
      const r = await exec(json);
      const trace = r.code === 0 ? parseTrace(r.stdout) : undefined;
      if (!trace) return r;
      showTrace(trace);
      return { ...r, stdout: traceText(trace) };
    },
    [exec],
  );
}
