// Wraps the terminal's exec so that `kubectl edit` opens the object in the YAML editor (see edit.ts).
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExecResult } from '../../worker/protocol.ts';
import { editDocument, parseEdit } from './edit.ts';

export function useEditCommand(
  exec: (line: string) => Promise<ExecResult>,
  open: (name: string, text: string) => Promise<void>,
  showEditor: () => void,
): (line: string) => Promise<ExecResult> {
  const { t } = useTranslation();
  const show = useRef(showEditor);
  show.current = showEditor;
  return useCallback(
    async (line: string) => {
      const edit = parseEdit(line);
      if (!edit) return exec(line);
      if (edit.kind === 'error') return { code: 1, stdout: '', stderr: `${edit.message}\n` };
      const got = await exec(edit.getLine);
      const doc = got.code === 0 ? editDocument(got.stdout) : undefined;
      if (!doc) return got;
      await open(doc.documentName, got.stdout);
      show.current();
      return { code: 0, stdout: `${t('terminal.editOpened', { ref: doc.ref, document: doc.documentName })}\n`, stderr: '' };
    },
    [exec, open, t],
  );
}
