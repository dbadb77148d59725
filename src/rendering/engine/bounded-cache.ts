// A per-process cache of values by a short key (a face and size, a box) and a text.

/** Values by a short key and a text, at most `limit` of them: the whole cache starts over when full. */
export class BoundedCache<V> {
  private readonly byKey = new Map<string, Map<string, V>>();
  private size = 0;

  constructor(private readonly limit: number) {}

  get(key: string, text: string): V | undefined {
    return this.byKey.get(key)?.get(text);
  }

  set(key: string, text: string, value: V): void {
    if (this.size >= this.limit) {
      this.byKey.clear();
      this.size = 0;
    }
    let texts = this.byKey.get(key);
    if (!texts) {
      texts = new Map();
      this.byKey.set(key, texts);
    }
    texts.set(text, value);
    this.size += 1;
  }
}
