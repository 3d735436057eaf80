// A user operator's sandbox in the browser: a dedicated classic worker started from a Blob of the sandbox's
// source (sandboxMain.ts), apart from the engine worker and the page. One Blob URL serves every sandbox.
import type { SandboxWorker, SpawnSandbox } from './sandbox.ts';

let url: string | undefined;

export const spawnBrowserSandbox: SpawnSandbox = (source) => {
  url ??= URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  return new Worker(url, { name: 'kubesim-operator' }) as unknown as SandboxWorker;
};
