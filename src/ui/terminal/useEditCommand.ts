// `kubectl edit` in the page: the engine opens the objects as kubectl's temp file, and this hook shows that file
// as a document in the editor panel (kubectl waits for the editor: Save edit / Cancel edit there go on with it).
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditResult, ExecResult } from '../../worker/protocol.ts';

/** `kubectl edit …` or `k edit …`, as the terminal reads the command's first two words. */
export function isEditCommand(line: string): boolean {
  return /^(kubectl|k)\s+edit(\s|$)/.test(line.trim());
}

export function useEditCommand(
  exec: (line: string) => Promise<ExecResult>,
  editOpen: (line: string) => Promise<EditResult>,
  open: (result: EditResult) => Promise<void>,
): (line: string) => Promise<ExecResult> {
  const { t } = useTranslation();
  const show = useRef(open);
  show.current = open;
  return useCallback(
    async (line: string) => {
      if (!isEditCommand(line)) return exec(line);
      const r = await editOpen(line);
      if (r.session) await show.current(r);
      const hint = r.session ? `${t('terminal.editOpened', { file: r.session.file })}\n` : '';
      return { code: r.code, stdout: r.stdout + hint, stderr: r.stderr };
    },
    [exec, editOpen, t],
  );
}
