// Which strings go-yaml v2 (kubectl -o yaml) must quote because, written plain, they would read back as
// something else under YAML 1.1: null, booleans (yes/no/on/off/y/n too), numbers (octal, hex, binary,
// underscores, sexagesimal), timestamps and the merge key. Those it writes double-quoted ("True", "80", "").

const RESOLVE_MAP = new Set([
  '', '~', 'null', 'Null', 'NULL',
  'y', 'Y', 'yes', 'Yes', 'YES', 'on', 'On', 'ON', 'true', 'True', 'TRUE',
  'n', 'N', 'no', 'No', 'NO', 'off', 'Off', 'OFF', 'false', 'False', 'FALSE',
  '.nan', '.NaN', '.NAN',
  '.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF', '-.inf', '-.Inf', '-.INF',
  '<<',
]);

const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const BASE60_FLOAT = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;
const TIMESTAMP = /^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:(?:[Tt][0-9]{1,2}:[0-9]{1,2}:[0-9]{1,2}(?:\.[0-9]+)?(?:Z|[+-][0-9]{2}:[0-9]{2}))|(?: [0-9]{1,2}:[0-9]{1,2}:[0-9]{1,2}(?:\.[0-9]+)?))?$/;
/** strconv.ParseInt/ParseUint with base 0, after go-yaml drops underscores. */
const GO_INT = /^[-+]?(?:0[xX][0-9a-fA-F]+|0[oO]?[0-7]+|0[bB][01]+|[1-9][0-9]*|0)$/;

export function yamlNeedsDoubleQuotes(s: string): boolean {
  if (RESOLVE_MAP.has(s)) return true;
  const first = s[0];
  if (first === '.') return YAML_STYLE_FLOAT.test(s);
  if (!(first === '+' || first === '-' || (first >= '0' && first <= '9'))) return false;
  if (TIMESTAMP.test(s)) return true;
  const plain = s.replace(/_/g, '');
  if (GO_INT.test(plain) || YAML_STYLE_FLOAT.test(plain)) return true;
  if (/^-?0b[01]+$/.test(plain)) return true;
  return BASE60_FLOAT.test(s);
}
