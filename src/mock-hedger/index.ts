// `multiaccount-kit/mock-hedger`: a scriptable hedger notification service for tests and local work.
export { startMockHedger } from "./hedger";
export type { InstantOrder, MockHedger, MockHedgerOptions, MockNotification, RestRequest, WireShape } from "./types";
