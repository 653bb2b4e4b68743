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

/**
 * Values whose every conversion to text or number throws or runs the caller's code: an error message that names
 * them must describe them without String() (the saved-models validator once threw on `{ toString: 0 }`).
 */
export const hostileObjects = {
  toStringNotCallable: { toString: 0 },
  throwsOnConversion: {
    [Symbol.toPrimitive]() {
      throw new Error('converted');
    },
  },
  functionWithoutToString: Object.assign(() => 1, { toString: 0, valueOf: 0 }),
  viewWithThrowingConstructor: Object.defineProperty(new Float32Array(2), 'constructor', {
    get() {
      throw new Error('read constructor');
    },
  }),
};

export const junk = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.string({ maxLength: 4 }),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.bigInt({ min: -5n, max: 5n }),
  fc.constant(Symbol('hostile')),
  fc.constant(hostileObjects.toStringNotCallable),
  fc.constant(hostileObjects.throwsOnConversion),
  fc.constant(hostileObjects.functionWithoutToString),
  fc.constant(hostileObjects.viewWithThrowingConstructor),
);
