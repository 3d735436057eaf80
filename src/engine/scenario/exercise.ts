// Running an exercise: a step is done when every one of its checks passes; its reference solution is a list of
// command lines, the same ones the last rung of the hint ladder shows.
import type { KubesimCluster } from '../index.ts';
import { evaluateCheck, type CheckResult } from './checks.ts';
import type { Command, DocumentSave, ExerciseStep, Text } from './format.ts';

export interface StepResult {
  pass: boolean;
  checks: CheckResult[];
}

export function evaluateStep(cluster: KubesimCluster, step: ExerciseStep): StepResult {
  const checks = step.checks.map((c) => evaluateCheck(cluster, c));
  return { pass: checks.every((c) => c.pass), checks };
}

/** Run a step's reference solution; returns the commands that failed ("command: error"). */
export function runSolution(cluster: KubesimCluster, step: ExerciseStep): string[] {
  const failed: string[] = [];
  for (const cmd of step.solution) {
    if ('save' in cmd) { cluster.setFile(cmd.save, cmd.text); continue; }
    const r = cluster.exec(cmd.run, cmd.stdin, { adminKubeconfig: true });
    if (r.code !== 0) failed.push(`${cmd.run}: ${r.stderr.trim()}`);
  }
  return failed;
}

/** A command as the terminal takes it: stdin as a heredoc. */
export function commandText(cmd: Command): string {
  return cmd.stdin === undefined ? cmd.run : `${cmd.run} <<'EOF'\n${cmd.stdin.replace(/\n$/, '')}\nEOF`;
}

/** A document to save, in the ladder's words. */
const saveText = (s: DocumentSave, lang: 'en' | 'zh') => `${lang === 'en' ? `# save the document ${s.save} as:` : `# 把文档 ${s.save} 保存为：`}\n${s.text.replace(/\n$/, '')}`;

/** The hint ladder: the authored rungs, then the solution. */
export function hintLadder(step: ExerciseStep): Text[] {
  const solution = (lang: 'en' | 'zh') => step.solution.map((c) => ('save' in c ? saveText(c, lang) : commandText(c))).join('\n');
  return [...step.hints, { en: `Solution:\n${solution('en')}`, zh: `参考答案：\n${solution('zh')}` }];
}
