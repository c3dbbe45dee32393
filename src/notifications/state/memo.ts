// Memoizers for selectors that derive arrays: the same input arrays give the same output instance,
// across any number of stores, without holding old states alive.

export function memoizeOne<A extends object, R>(derive: (a: A) => R): (a: A) => R {
  const cache = new WeakMap<A, R>();
  return (a) => {
    if (cache.has(a)) return cache.get(a) as R;
    const value = derive(a);
    cache.set(a, value);
    return value;
  };
}

export function memoizeTwo<A extends object, B extends object, R>(derive: (a: A, b: B) => R): (a: A, b: B) => R {
  const cache = new WeakMap<A, WeakMap<B, R>>();
  return (a, b) => {
    let inner = cache.get(a);
    if (inner === undefined) {
      inner = new WeakMap();
      cache.set(a, inner);
    }
    if (inner.has(b)) return inner.get(b) as R;
    const value = derive(a, b);
    inner.set(b, value);
    return value;
  };
}
