// `multiaccount-kit/mock-hedger`: a scriptable hedger notification service for tests and local work.
export { startMockHedger } from "./hedger";
export type { MockHedger, MockHedgerOptions, RestRequest } from "./types";
