/**
 * One statement for many callers at once (group commit): `run` takes inputs and returns one output each, in their
 * order, in one statement (or one round trip of another kind: the outbox's jobs to Redis). A caller's input runs at once while fewer than `inFlight` statements run; inputs that
 * arrive meanwhile wait and the next statement takes all of them (up to `max`). So under no load nothing waits
 * and each statement is one caller's, and under load a statement's fixed costs (a round trip, the executor's start,
 * a commit, a hot row's lock) are paid once for many. A statement is all or nothing: when one of several fails,
 * each of its inputs runs again alone, so that a caller only ever sees its own input's error.
 */
export class StatementGroups<In, Out> {
  private readonly queue: Array<{
    input: In;
    resolve: (out: Out) => void;
    reject: (error: unknown) => void;
  }> = [];
  private running = 0;

  constructor(
    private readonly run: (inputs: readonly In[]) => Promise<Out[]>,
    private readonly options: { inFlight: number; max: number },
  ) {}

  submit(input: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.options.inFlight && this.queue.length > 0) {
      const group = this.queue.splice(0, this.options.max);
      this.running += 1;
      void this.settle(group).finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
  }

  private async settle(group: StatementGroups<In, Out>['queue']): Promise<void> {
    if (group.length > 1) {
      try {
        const outs = await this.run(group.map((g) => g.input));
        group.forEach((g, i) => g.resolve(outs[i]));
        return;
      } catch {
        // Each alone below, for its own outcome.
      }
    }
    await Promise.all(
      group.map((g) =>
        this.run([g.input]).then(
          ([out]) => g.resolve(out),
          (error: unknown) => g.reject(error),
        ),
      ),
    );
  }
}
