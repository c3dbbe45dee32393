// Node.js's own fetch, kept as the mocha process starts (.mocharc.js requires this first): hardhat-upgrades
// 1.x, loaded by the in-process Hardhat 2 tests, brings isomorphic-unfetch, which replaces the global
// fetch with node-fetch. A test about Node's own fetch (a Hardhat 3 process has it) takes it from here.
const NATIVE_FETCH = Symbol.for("multiaccount-kit.test.nativeFetch");
globalThis[NATIVE_FETCH] ??= globalThis.fetch;
module.exports = { NATIVE_FETCH };
