// `sim trace request URL` as data: its numbered steps and the result line, for drawing the path step by step.

export interface RequestTrace {
  steps: string[];
  result: string;
  ok: boolean;
}

const STEP = /^\d+\.\s(.*)$/;

export function parseTrace(stdout: string): RequestTrace {
  const steps: string[] = [];
  let result = '';
  for (const line of stdout.split('\n')) {
    const m = STEP.exec(line);
    if (m) steps.push(m[1]);
    else if (line.startsWith('result: ')) result = line.slice('result: '.length);
  }
  // The engine reports success as the backend's answer (network/network.ts trace()).
  return { steps, result, ok: result.startsWith('200 OK') };
}

export function traceCommand(url: string, from: string): string {
  return `sim trace request ${url}${from && from !== 'external' ? ` --from ${from}` : ''}`;
}
