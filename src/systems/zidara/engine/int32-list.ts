/** A growable list of indices. */
export interface Int32List {
  items: Int32Array;
  size: number;
}

/** Appends `item`, doubling the list's array when it is full. */
export function push(list: Int32List, item: number): void {
  if (list.size === list.items.length) {
    const bigger = new Int32Array(2 * list.size);
    bigger.set(list.items);
    list.items = bigger;
  }
  list.items[list.size++] = item;
}
