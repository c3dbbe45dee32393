// `multiaccount-kit/mock-hedger`: a scriptable hedger notification service for tests and local work.
export { startMockHedger } from "./server";
export type { MockHedger, MockHedgerOptions, RestRequest } from "./server";
