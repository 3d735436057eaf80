#!/usr/bin/env node
// `npx kubesim …` from the checkout: the command line is TypeScript, run through tsx's loader.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/kubesim.ts');
