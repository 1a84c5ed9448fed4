/**
 * A few API requests start per turn of the event loop, the rest the turns after (each after the
 * loop has served whatever else waits: timers, other sockets, the site's cached pages).
 *
 * Why: the event loop reads every socket that has data in one go. A hundred requests arriving at
 * once (a hundred members downloading their certificates after a workshop, a script) each run their
 * sign-in check and first queries at about 0.4 ms, so one such read held the loop for 40-60 ms, and
 * a visitor's page with it. Admitted a few at a time, each turn holds it for a few milliseconds.
 * A request that finds room starts at once: this costs nothing until a burst comes.
 */
import type { Middleware } from 'koa';

/** Requests started per turn: about 3 ms of starting work at most, before the loop serves others. */
const PER_TURN = 8;

export function createAdmission(perTurn = PER_TURN) {
  let startedThisTurn = 0;
  let turnEnding = false;
  const waiting: Array<() => void> = [];

  /** At the end of this turn (setImmediate), room for `perTurn` more: the first waiting, in order. */
  function endTurnSoon(): void {
    if (turnEnding) return;
    turnEnding = true;
    setImmediate(() => {
      turnEnding = false;
      startedThisTurn = 0;
      while (startedThisTurn < perTurn && waiting.length > 0) {
        startedThisTurn += 1;
        waiting.shift()!();
      }
      if (startedThisTurn > 0) endTurnSoon();
    });
  }

  /** Resolves when the request may start: at once while this turn has room. */
  function admitted(): Promise<void> | undefined {
    endTurnSoon();
    if (waiting.length === 0 && startedThisTurn < perTurn) {
      startedThisTurn += 1;
      return undefined;
    }
    return new Promise((resolve) => waiting.push(resolve));
  }

  const middleware: Middleware = async (_ctx, next) => {
    const turn = admitted();
    if (turn) await turn;
    await next();
  };
  return { middleware, waitingCount: () => waiting.length };
}
