// Masterminds/semver constraints as Chart.yaml dependencies use them ("1.2.3", "~1.2", "^0.2.0", ">=1.0 <2.0",
// "1.x", "*", "a || b"): a version satisfies a constraint when it satisfies every comparison of one "||" branch.
// Pre-release versions satisfy only comparisons that name a pre-release, as Masterminds does.

interface Version { major: number; minor: number; patch: number; pre: string }

const VERSION = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

export function parseVersion(text: string): Version | undefined {
  const m = VERSION.exec(text.trim());
  if (!m) return undefined;
  return { major: Number(m[1]), minor: Number(m[2] ?? 0), patch: Number(m[3] ?? 0), pre: m[4] ?? '' };
}

function compare(a: Version, b: Version): number {
  if (a.major !== b.major) return a.major - b.major;
  if (a.minor !== b.minor) return a.minor - b.minor;
  if (a.patch !== b.patch) return a.patch - b.patch;
  if (a.pre === b.pre) return 0;
  if (!a.pre) return 1;
  if (!b.pre) return -1;
  return a.pre < b.pre ? -1 : 1;
}

const WILD = /^[xX*]$/;

/** One comparison ("~1.2", ">=1.0.0", "1.x") as a test. */
function comparison(text: string): ((v: Version) => boolean) | undefined {
  const m = /^(=|!=|>=|<=|>|<|~>|~|\^)?\s*v?([0-9xX*]+)(?:\.([0-9xX*]+))?(?:\.([0-9xX*]+))?(?:-([0-9A-Za-z.-]+))?$/.exec(text.trim());
  if (!m) return undefined;
  const op = m[1] ?? '';
  const parts = [m[2], m[3], m[4]];
  // How many leading parts are given (a wildcard ends them).
  let given = 0;
  while (given < 3 && parts[given] !== undefined && !WILD.test(parts[given]!)) given++;
  if (given === 0) return op === '' || op === '=' || op === '>=' || op === '<=' ? () => true : undefined;
  const nums = parts.map((p) => (p === undefined || WILD.test(p) ? 0 : Number(p)));
  const base: Version = { major: nums[0], minor: nums[1], patch: nums[2], pre: m[5] ?? '' };
  const bump = (n: number): Version => (n === 0 ? { major: base.major + 1, minor: 0, patch: 0, pre: '' } : n === 1 ? { major: base.major, minor: base.minor + 1, patch: 0, pre: '' } : { ...base, patch: base.patch + 1, pre: '' });
  const range = (lo: Version, hi: Version) => (v: Version) => compare(v, lo) >= 0 && compare(v, hi) < 0;
  switch (op) {
    case '': case '=': return given === 3 ? (v) => compare(v, base) === 0 : range(base, bump(given - 1));
    case '!=': return given === 3 ? (v) => compare(v, base) !== 0 : (v) => !range(base, bump(given - 1))(v);
    case '>': return given === 3 ? (v) => compare(v, base) > 0 : (v) => compare(v, bump(given - 1)) >= 0;
    case '>=': return (v) => compare(v, base) >= 0;
    case '<': return (v) => compare(v, base) < 0;
    case '<=': return given === 3 ? (v) => compare(v, base) <= 0 : (v) => compare(v, bump(given - 1)) < 0;
    case '~': case '~>': return range(base, bump(given === 1 ? 0 : 1));
    case '^': {
      // The first non-zero part may not change.
      if (base.major > 0 || given === 1) return range(base, bump(0));
      if (base.minor > 0 || given === 2) return range(base, bump(1));
      return range(base, bump(2));
    }
  }
  return undefined;
}

/** Whether the version satisfies the constraint; an unparsable constraint or version satisfies nothing. */
export function satisfies(constraint: string, version: string): boolean {
  const v = parseVersion(version);
  if (!v) return false;
  return constraint.split('||').some((branch) => {
    const words = branch.trim().replace(/(=|!=|>=|<=|>|<|~>|~|\^)\s+/g, '$1').split(/[\s,]+/).filter(Boolean);
    if (!words.length) return false;
    const tests = words.map(comparison);
    if (tests.some((t) => !t)) return false;
    // A pre-release version only matches a branch that names a pre-release.
    if (v.pre && !words.some((w) => w.includes('-'))) return false;
    return tests.every((t) => t!(v));
  });
}
