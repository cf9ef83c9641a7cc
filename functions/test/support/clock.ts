import type { Clock } from '../../src/ports.js';

/** A clock tests move by hand: distinct, ordered timestamps without sleeping. */
export class MovableClock implements Clock {
  private at: number;

  constructor(start: Date | string = '2026-03-01T09:00:00.000Z') {
    this.at = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.at);
  }

  advance(ms: number): void {
    this.at += ms;
  }
}
