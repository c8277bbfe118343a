/**
 * A request sent once typing pauses: longer for a big text, whose work takes a CPU core for a
 * while (on two cores it would slow the keystrokes typed next).
 */
export class Pause {
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly delayMs: number) {}

  /** Runs `then` after the pause a text of `length` characters needs, dropping any pending run. */
  after(length: number, then: () => void): void {
    this.cancel();
    this.timer = setTimeout(() => {
      this.timer = null;
      then();
    }, this.delayMs + Math.min(1500, Math.floor(length / 500)));
  }

  /** Drops the pending run, if any. */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
