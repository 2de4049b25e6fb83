/** A binary min-heap of timed actions; ties keep insertion order so runs are deterministic. */
export interface Timed<T> {
  at: number;
  seq: number;
  item: T;
}

export class ActionHeap<T> {
  private readonly items: Array<Timed<T>> = [];
  private seq = 0;

  get size(): number {
    return this.items.length;
  }

  push(at: number, item: T): void {
    this.items.push({ at, seq: this.seq++, item });
    this.up(this.items.length - 1);
  }

  peek(): Timed<T> | undefined {
    return this.items[0];
  }

  pop(): Timed<T> | undefined {
    const top = this.items[0];
    const last = this.items.pop();
    if (top && last && this.items.length > 0) {
      this.items[0] = last;
      this.down(0);
    }
    return top;
  }

  private less(a: number, b: number): boolean {
    const x = this.items[a] as Timed<T>;
    const y = this.items[b] as Timed<T>;
    return x.at < y.at || (x.at === y.at && x.seq < y.seq);
  }

  private swap(a: number, b: number): void {
    const t = this.items[a] as Timed<T>;
    this.items[a] = this.items[b] as Timed<T>;
    this.items[b] = t;
  }

  private up(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number): void {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < this.items.length && this.less(l, m)) m = l;
      if (r < this.items.length && this.less(r, m)) m = r;
      if (m === i) break;
      this.swap(i, m);
      i = m;
    }
  }
}
