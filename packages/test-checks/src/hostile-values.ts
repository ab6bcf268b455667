// Building blocks for values that wrap valid plain data and must still be refused as not plain data.
// Each core keeps its own list of variants; these are the parts every list is made of.

/** Text a hostile value would leak through an error if anything echoed it. */
export const FOREIGN_FAILURE = 'foreign failure text';

/** Throws a foreign error carrying FOREIGN_FAILURE; used as a getter or a Proxy trap. */
export function failWithForeignError(): never {
  throw new RangeError(FOREIGN_FAILURE);
}

/** Proxy traps that throw on every read a validator could make. */
export const THROWING_TRAPS: ProxyHandler<object> = {
  get: failWithForeignError,
  has: failWithForeignError,
  ownKeys: failWithForeignError,
  getOwnPropertyDescriptor: failWithForeignError,
  getPrototypeOf: failWithForeignError,
};

/** A Proxy of `target` that is already revoked, so any access to it throws a TypeError. */
export function revokedProxy(target: object): object {
  const { proxy, revoke } = Proxy.revocable(target, {});
  revoke();
  return proxy;
}
