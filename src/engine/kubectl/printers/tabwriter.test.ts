import { describe, expect, it } from 'vitest';
import { DESCRIBE_TABWRITER, TABLE_TABWRITER, tabwrite } from './tabwriter.ts';

describe('tabwrite', () => {
  it('pads tab-terminated cells to the widest cell plus padding, never the last cell', () => {
    const text = 'NAME\tREADY\tSTATUS\nweb-1\t1/1\tRunning\nsomething-longer\t0/1\tPending\n';
    expect(tabwrite(text, TABLE_TABWRITER)).toBe(
      'NAME               READY   STATUS\n' +
      'web-1              1/1     Running\n' +
      'something-longer   0/1     Pending\n');
  });

  it('applies the minimum width (padding included)', () => {
    expect(tabwrite('a\tb\nc\td\n', TABLE_TABWRITER)).toBe('a     b\nc     d\n');
  });

  it('ends a column block at a line with fewer cells', () => {
    const text = 'Name:\tweb\nLabels:\tapp=web\n\tpod-template-hash=abc\nContainers:\n  nginx:\n    Image:\tnginx\n    Port:\t80/TCP\n';
    expect(tabwrite(text, DESCRIBE_TABWRITER)).toBe(
      'Name:    web\n' +
      'Labels:  app=web\n' +
      '         pod-template-hash=abc\n' +
      'Containers:\n' +
      '  nginx:\n' +
      '    Image:  nginx\n' +
      '    Port:   80/TCP\n');
  });

  it('sizes nested columns only over the lines that have them', () => {
    const text = 'a\tb\tc\nlonger\tx\nz\tyy\tw\n';
    // Column 0 spans all three lines; column 1 exists only on the first line, then again on the third.
    expect(tabwrite(text, DESCRIBE_TABWRITER)).toBe('a       b  c\nlonger  x\nz       yy  w\n');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(tabwrite('é\tx\nab\ty\n', DESCRIBE_TABWRITER)).toBe('é   x\nab  y\n');
  });
});
