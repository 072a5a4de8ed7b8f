/** Fabric words: each is in the name of one jacket in 8 and in the description of another one in 8. */
const words = ['linen', 'wool', 'cotton', 'denim', 'silk', 'leather', 'canvas', 'tweed'];

/** `count` jackets, for the tests that need a big batch (a write or a build that takes many slices). */
export function jacketBatch(count: number) {
  return Array.from({ length: count }, (_, n) => ({
    objectID: `p-${n}`,
    name: `${words[n % words.length]} jacket ${n}`,
    description: `A ${words[(n * 3) % words.length]} piece, model ${n}, for every season`,
    brand: `Brand ${n % 40}`,
    price: (n % 200) + 10,
  }));
}
