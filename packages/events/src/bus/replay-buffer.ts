import type { StreamEvent } from "@baton/core";

/** A replay buffer seen from outside its hub: everything but `push`. */
export type ReplayBufferView = Omit<ReplayBuffer, "push">;

/**
 * The last `capacity` events of a run, by sequence number, for clients that
 * reconnect with `Last-Event-ID`. A ring buffer: `push` is O(1) and never grows the
 * memory past `capacity` events; `after` finds its start by binary search.
 *
 * @example
 * const buffer = new ReplayBuffer(2);
 * buffer.push(e1); buffer.push(e2); buffer.push(e3); // e1 is evicted
 * buffer.after(1); // [e2, e3]
 * buffer.after(0); // undefined: e1 is gone
 */
export class ReplayBuffer {
  private readonly ring: (StreamEvent | undefined)[];
  private start = 0;
  private count = 0;
  private evicted = 0;
  private last = 0;

  constructor(
    /** Events kept; 0 keeps none (every `after` older than the last event is unavailable). */
    readonly capacity: number,
  ) {
    if (!Number.isInteger(capacity) || capacity < 0) throw new RangeError(`ReplayBuffer capacity must be an integer >= 0, got ${capacity}.`);
    this.ring = new Array<StreamEvent | undefined>(capacity);
  }

  /** Events held. */
  get size(): number {
    return this.count;
  }

  /** Sequence number of the oldest event held, or `undefined` when none is held. */
  get oldestSeq(): number | undefined {
    return this.count === 0 ? undefined : (this.ring[this.start] as StreamEvent).seq;
  }

  /** Sequence number of the newest event pushed (0 before the first). */
  get lastSeq(): number {
    return this.last;
  }

  /**
   * The smallest `after` that {@link ReplayBuffer.after} can serve: the sequence
   * number of the newest evicted event (0 while nothing was evicted).
   */
  get replayableAfter(): number {
    return this.evicted;
  }

  /** Keeps `event`, evicting the oldest one when the buffer is full. */
  push(event: StreamEvent): void {
    this.last = event.seq;
    const capacity = this.capacity;
    if (capacity === 0) {
      this.evicted = event.seq;
      return;
    }
    if (this.count < capacity) {
      let index = this.start + this.count;
      if (index >= capacity) index -= capacity;
      this.ring[index] = event;
      this.count++;
      return;
    }
    this.evicted = (this.ring[this.start] as StreamEvent).seq;
    this.ring[this.start] = event;
    this.start = this.start + 1 === capacity ? 0 : this.start + 1;
  }

  /**
   * The held events with `seq > after`, oldest first (a new array), or `undefined`
   * when some of them were already evicted.
   */
  after(after: number): StreamEvent[] | undefined {
    if (after < this.evicted) return undefined;
    let low = 0;
    let high = this.count;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.at(middle).seq <= after) low = middle + 1;
      else high = middle;
    }
    const events = new Array<StreamEvent>(this.count - low);
    for (let i = low; i < this.count; i++) events[i - low] = this.at(i);
    return events;
  }

  private at(offset: number): StreamEvent {
    let index = this.start + offset;
    if (index >= this.capacity) index -= this.capacity;
    return this.ring[index] as StreamEvent;
  }
}
