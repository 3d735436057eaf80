// Split a command line the way a POSIX shell would: whitespace separates words, single quotes are literal,
// double quotes allow \" and \\, a backslash outside quotes escapes the next character.
export function shellSplit(line: string): string[] {
  const words: string[] = [];
  let cur = '';
  let inWord = false;
  let i = 0;
  while (i < line.length) {
    const ch = line[i];
    if (ch === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new Error('unterminated quoted string');
      cur += line.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (ch === '"') {
      i++;
      for (;;) {
        if (i >= line.length) throw new Error('unterminated quoted string');
        const c = line[i];
        if (c === '"') { i++; break; }
        if (c === '\\' && (line[i + 1] === '"' || line[i + 1] === '\\' || line[i + 1] === '$' || line[i + 1] === '`')) { cur += line[i + 1]; i += 2; continue; }
        cur += c;
        i++;
      }
      inWord = true;
    } else if (ch === '\\' && i + 1 < line.length) {
      cur += line[i + 1];
      inWord = true;
      i += 2;
    } else if (/\s/.test(ch)) {
      if (inWord) { words.push(cur); cur = ''; inWord = false; }
      i++;
    } else {
      cur += ch;
      inWord = true;
      i++;
    }
  }
  if (inWord) words.push(cur);
  return words;
}
