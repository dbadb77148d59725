// The sign-in lockout's window (docs/sign-in.md): ten wrong passwords per email, fifty per address, in a
// sliding 15 minutes, by the clock it is given.
import { describe, expect, test } from 'bun:test';
import {
  FAILURES_PER_ADDRESS,
  FAILURES_PER_EMAIL,
  SignInThrottle,
  WINDOW_MS,
} from '../../src/modules/users/sign-in-throttle';
import { FakeClock } from '../../src/shared/clock';

const MINUTE = 60 * 1000;

describe('SignInThrottle', () => {
  test('ten failures lock the email until the oldest is 15 minutes old; the window slides', () => {
    const clock = new FakeClock();
    const throttle = new SignInThrottle(clock);
    for (let i = 0; i < FAILURES_PER_EMAIL - 1; i++) {
      throttle.recordFailure('a@x.example', '10.0.0.1');
      clock.advance(MINUTE);
    }
    expect(throttle.retryAfter('a@x.example', '10.0.0.1')).toBe(0);
    throttle.recordFailure('a@x.example', '10.0.0.1'); // the tenth, 9 minutes after the first
    expect(throttle.retryAfter('a@x.example', '10.0.0.1')).toBe(6 * 60);
    expect(throttle.retryAfter('a@x.example', null)).toBe(6 * 60); // whatever the address
    expect(throttle.retryAfter('b@x.example', '10.0.0.1')).toBe(0); // other emails go on
    clock.advance(6 * 60 * 1000);
    expect(throttle.retryAfter('a@x.example', '10.0.0.1')).toBe(0); // the first failure left the window
    throttle.recordFailure('a@x.example', '10.0.0.1');
    expect(throttle.retryAfter('a@x.example', '10.0.0.1')).toBe(60); // locked again until the second leaves
  });

  test('a right password clears the email, not the address; fifty failures lock the address', () => {
    const clock = new FakeClock();
    const throttle = new SignInThrottle(clock);
    for (let i = 0; i < FAILURES_PER_EMAIL; i++) throttle.recordFailure('a@x.example', '10.0.0.2');
    throttle.recordSuccess('a@x.example');
    expect(throttle.retryAfter('a@x.example', '10.0.0.2')).toBe(0);
    for (let i = 0; i < FAILURES_PER_ADDRESS - FAILURES_PER_EMAIL; i++) {
      throttle.recordFailure(`spray${i}@x.example`, '10.0.0.2');
    }
    expect(throttle.retryAfter('new@x.example', '10.0.0.2')).toBe(WINDOW_MS / 1000);
    expect(throttle.retryAfter('new@x.example', '10.0.0.3')).toBe(0);
    clock.advance(WINDOW_MS);
    expect(throttle.retryAfter('new@x.example', '10.0.0.2')).toBe(0);
  });
});
