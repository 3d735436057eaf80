// Editor colours for a clean light UI, and a dark one that follows prefers-color-scheme.
import type * as Monaco from 'monaco-editor/editor';

const LIGHT = 'kubesim-light';
const DARK = 'kubesim-dark';

/** Registers both themes and keeps Monaco's (global) theme in step with the OS setting. */
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
  const media = matchMedia('(prefers-color-scheme: dark)');
  const current = (): string => (media.matches ? DARK : LIGHT);
  media.addEventListener('change', () => monaco.editor.setTheme(current()));
  return current;
}
