// Editor colours for a clean light UI, and a dark one; Monaco follows the page's theme (ui/theme.ts).
import type * as Monaco from 'monaco-editor/editor';
import { effectiveTheme, onThemeChange } from '../theme.ts';

const LIGHT = 'kubesim-light';
const DARK = 'kubesim-dark';

/** Registers both themes and keeps Monaco's (global) theme in step with the page's. */
export function defineThemes(monaco: typeof Monaco): () => string {
  monaco.editor.defineTheme(LIGHT, {
    base: 'vs',
    inherit: true,
    rules: [],
    colors: {
      'editor.background': '#ffffff',
      'editor.lineHighlightBackground': '#f6f8fa',
      'editor.lineHighlightBorder': '#00000000',
      'editorLineNumber.foreground': '#8c959f',
      'editorLineNumber.activeForeground': '#1f2328',
      'editorIndentGuide.background1': '#eaeef2',
    },
  });
  monaco.editor.defineTheme(DARK, {
    base: 'vs-dark',
    inherit: true,
    rules: [],
    colors: {
      'editor.background': '#0d1117',
      'editor.lineHighlightBackground': '#161b22',
      'editor.lineHighlightBorder': '#00000000',
      'editorLineNumber.foreground': '#6e7681',
      'editorLineNumber.activeForeground': '#e6edf3',
      'editorIndentGuide.background1': '#21262d',
    },
  });
  const current = (): string => (effectiveTheme() === 'dark' ? DARK : LIGHT);
  onThemeChange(() => monaco.editor.setTheme(current()));
  return current;
}
