// Glob patterns over chart paths: Go's filepath.Match (.helmignore) and gobwas/glob with "/" as the separator
// (.Files.Glob), which adds "**" (any run of characters, "/" included) and {a,b} alternatives.
// "*" and "?" never cross a "/"; [abc], [a-z] and [^…] / [!…] are character classes.

const cache = new Map<string, RegExp>();

function toRegExp(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*') {
      if (pattern[i + 1] === '*') { re += '.*'; i++; } else re += '[^/]*';
    } else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end < 0) { re += '\\['; continue; }
      let body = pattern.slice(i + 1, end);
      if (body.startsWith('!') || body.startsWith('^')) body = `^${body.slice(1)}`;
      re += `[${body.replace(/\\/g, '\\\\')}]`;
      i = end;
    } else if (c === '{') {
      const end = pattern.indexOf('}', i);
      if (end < 0) { re += '\\{'; continue; }
      re += `(?:${pattern.slice(i + 1, end).split(',').map((alt) => toRegExp(alt).source.slice(1, -1)).join('|')})`;
      i = end;
    } else if (c === '\\' && i + 1 < pattern.length) re += `\\${pattern[++i]}`;
    else re += c.replace(/[.+^$()|]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

export function globMatch(pattern: string, path: string): boolean {
  let re = cache.get(pattern);
  if (!re) cache.set(pattern, (re = toRegExp(pattern)));
  return re.test(path);
}
