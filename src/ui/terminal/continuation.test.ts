// When the terminal shows bash's `> ` prompt: a here-document waits for its delimiter alone on a line.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { awaitsMore } from './continuation.ts';

describe('awaitsMore', () => {
  it.each([
    [['kubectl get pods'], false],
    [['kubectl apply -f - <<EOF'], true],
    [['kubectl apply -f - <<EOF', 'kind: Pod'], true],
    [['kubectl apply -f - <<EOF', 'kind: Pod', 'EOF'], false],
    // The delimiter must be the whole line: indented, it is a line of the document (unless `<<-` and tabs).
    [['cat <<EOF', '  EOF'], true],
    [['cat <<-EOF', '\t\tEOF'], false],
    // Quotes around the delimiter (any part of it) are removed from it.
    [["cat <<'END' > x.yaml", 'a: $HOME', 'END'], false],
    [['cat <<"E"OF', 'EOF'], false],
    [['cat <<\\EOF', 'EOF'], false],
    [['cat <<EOF', "'EOF'"], true],
    // Two documents on one line: both delimiters, in order.
    [['cat <<A; cat <<B', 'one', 'A'], true],
    [['cat <<A; cat <<B', 'one', 'A', 'two', 'B'], false],
    // Not an operator: a here-string, a quoted or commented `<<`.
    [['grep x <<< "$V"'], false],
    [['echo "a <<EOF"'], false],
    [["echo '<<EOF'"], false],
    [['echo hi # <<EOF'], false],
    [['echo a\\<<EOF'], false],
  ])('%j → %s', (lines, more) => {
    expect(awaitsMore(lines)).toBe(more);
  });

  it('property: a here-document waits until its delimiter line, whatever lines come before it', () => {
    const line = fc.string({ unit: fc.constantFrom('a', ' ', '$', '<', "'", '"', '#', '\\'), maxLength: 10 }).filter((l) => l !== 'EOF');
    fc.assert(fc.property(fc.array(line, { maxLength: 6 }), (lines) => {
      expect(awaitsMore(['kubectl apply -f - <<EOF', ...lines])).toBe(true);
      expect(awaitsMore(['kubectl apply -f - <<EOF', ...lines, 'EOF'])).toBe(false);
    }));
  });
});
