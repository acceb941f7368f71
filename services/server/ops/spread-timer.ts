/**
 * Work done for every member of a set once per period — a heartbeat to every open stream, a ping to
 * every socket — spread over the period instead of done for all members in one turn of the event
 * loop. With a thousand members, one turn of writes (one system call each) holds up every answer
 * that arrives meanwhile by tens of milliseconds (bench/realtime, 2026-12-06: a 50 ms turn of
 * socket pings at 1,000 sockets); in `slices` turns each holds a slice of it.
 *
 * Members are given to the slices in turn as they are added, and a slice's turn comes once per
 * period, so each member is visited exactly once per period, `periodMs` after its previous visit.
 * The timer runs while there are members and never keeps the process alive.
 */
export class SpreadTimer<T> {
  private readonly slices: Set<T>[];
  private readonly sliceOf = new Map<T, Set<T>>();
  private next = 0;
  private turn = 0;
  private timer: NodeJS.Timeout | null = null;

  /** `visit` gets one slice's members in each turn (it may delete members, those of the slice included). */
  constructor(
    private readonly periodMs: number,
    slices: number,
    private readonly visit: (members: ReadonlySet<T>) => void,
  ) {
    this.slices = Array.from({ length: Math.max(1, Math.floor(slices)) }, () => new Set<T>());
  }

  get size(): number {
    return this.sliceOf.size;
  }

  add(member: T): void {
    if (this.sliceOf.has(member)) return;
    const slice = this.slices[this.next]!;
    this.next = (this.next + 1) % this.slices.length;
    slice.add(member);
    this.sliceOf.set(member, slice);
    this.timer ??= setInterval(() => this.tick(), Math.max(1, Math.floor(this.periodMs / this.slices.length))).unref();
  }

  delete(member: T): void {
    const slice = this.sliceOf.get(member);
    if (!slice) return;
    slice.delete(member);
    this.sliceOf.delete(member);
    if (this.sliceOf.size === 0) this.stop();
  }

  /** Stops the timer (members added later start it again). */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private tick(): void {
    const slice = this.slices[this.turn]!;
    this.turn = (this.turn + 1) % this.slices.length;
    // A copy, so that the visit may delete members while the slice is walked.
    if (slice.size > 0) this.visit(new Set(slice));
  }
}
