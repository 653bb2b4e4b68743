// Values a careless or hostile caller might pass anywhere (fast-check arbitraries), for the malformed-call tests.
import fc from 'fast-check';

export const hostileNumber = fc.constantFrom(
  0,
  -1,
  0.5,
  1.5,
  NaN,
  Infinity,
  -Infinity,
  2 ** 31,
  2 ** 32,
  2 ** 53,
  -0,
  1e300,
);

export const junk = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.string({ maxLength: 4 }),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.bigInt({ min: -5n, max: 5n }),
  fc.constant(Symbol('hostile')),
);
