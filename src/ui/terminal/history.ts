// Command history with ↑/↓ navigation, like a shell: the line being typed is kept while browsing.
export class History {
  private readonly entries: string[] = [];
  private cursor = 0;
  private draft = '';
  private readonly max: number;

  constructor(initial: string[] = [], max = 200) {
    this.max = max;
    this.entries.push(...initial.slice(-max));
    this.cursor = this.entries.length;
  }

  get all(): readonly string[] {
    return this.entries;
  }

  push(line: string): void {
    const trimmed = line.trim();
    if (trimmed && this.entries[this.entries.length - 1] !== trimmed) {
      this.entries.push(trimmed);
      if (this.entries.length > this.max) this.entries.shift();
    }
    this.cursor = this.entries.length;
    this.draft = '';
  }

  /** ↑: the previous entry (or undefined at the top). */
  up(current: string): string | undefined {
    if (this.cursor === 0) return undefined;
    if (this.cursor === this.entries.length) this.draft = current;
    this.cursor--;
    return this.entries[this.cursor];
  }

  /** ↓: the next entry, then back to what was being typed. */
  down(): string | undefined {
    if (this.cursor >= this.entries.length) return undefined;
    this.cursor++;
    return this.cursor === this.entries.length ? this.draft : this.entries[this.cursor];
  }
}
