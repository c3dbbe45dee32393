// The public surface of each entry point, in one place: a change to what users can import shows
// up here as a diff, never by accident. Internals stay importable by path, for tests only.
import { expect } from "chai";
import * as path from "path";
import ts from "typescript";

const ROOT = path.resolve(__dirname, "../..");

const SURFACE: Record<string, { file: string; values: string[]; types: string[] }> = {
  "multiaccount-kit/notifications": {
    file: "src/notifications/index.ts",
    values: [
      // state/
      "ActionStatus",
      "ApiState",
      "FailureType",
      "LastSeenAction",
      "NotificationMessages",
      "NotificationType",
      "OrderType",
      "StateType",
      "NotificationsActionType",
      "addReadNotification",
      "addUnreadNotification",
      "ingestNotifications",
      "readAllNotifications",
      "readOneNotification",
      "setReadNotifications",
      "setUnreadNotifications",
      "updateIsNewNotification",
      "updateTimestamp",
      "initialNotificationsState",
      "notificationsReducer",
      "default",
      "selectConnectionStatus",
      "selectIsNewNotification",
      "selectLastUpdateTimestamp",
      "selectNotificationsState",
      "selectNotificationsStatus",
      "selectPartialFillNotifications",
      "selectReadNotifications",
      "selectUnreadNotifications",
      "selectVisibleNotifications",
      "addNotification",
      "markAllAsRead",
      "markAsRead",
      "DEFAULT_NEW_NOTIFICATION_FLAG_MS",
      "setNewNotificationFlag",
      // lists/, wire/, fetch/, errors
      "compareNewness",
      "isSameNotification",
      "groupingNotification",
      "parseNotificationResponses",
      "toNotification",
      "getAllNotifications",
      "getNotifications",
      "NotificationsError",
      "NotificationsInputError",
      // live/
      "connectNotifications",
      "disconnectNotifications",
      "createNotificationsMiddleware",
      "startNotificationUpdater",
    ],
    types: [
      "ConnectionStatus",
      "NotificationDetails",
      "NotificationInput",
      "NotificationState",
      "NotificationsRootState",
      "NotificationsAction",
      "NotificationResponse",
      "NotificationUrlResponseType",
      "GetAllNotificationsParams",
      "GetNotificationsResult",
      "NotificationsRequestParams",
      "FetchLike",
      "NotificationsExtraArgument",
      "NotificationsLogger",
      "NotificationsThunk",
      "NotificationsTimers",
      "ConnectNotificationsAction",
      "ConnectNotificationsPayload",
      "DisconnectNotificationsAction",
      "NotificationsMiddlewareOptions",
      "BackoffOptions",
      "WebSocketConstructor",
      "WebSocketLike",
      "CrossTabEffects",
      "LockManagerLike",
      "BroadcastChannelLike",
      "BroadcastChannelConstructor",
      "PageEventTarget",
      "NotificationUpdaterOptions",
      "TimestampStorage",
    ],
  },
  "multiaccount-kit/notifications/react": {
    file: "src/notifications/react/index.ts",
    values: [
      "useUnreadNotifications",
      "useReadNotifications",
      "usePartialFillNotifications",
      "useVisibleNotifications",
      "useLastUpdateTimestamp",
      "useNewNotification",
      "useNotificationsStatus",
      "useSetNewNotificationFlag",
      "useNotificationAdderCallback",
      "useMarkAsReadNotificationCallback",
      "useMarkAsReadAllNotificationsCallback",
      "NotificationUpdater",
      "NotificationUpdaterProvider",
      "useNotifications",
    ],
    types: ["NotificationUpdaterSettings"],
  },
  "multiaccount-kit/mock-hedger": {
    file: "src/mock-hedger/index.ts",
    values: ["startMockHedger"],
    types: ["InstantOrder", "MockHedger", "MockHedgerOptions", "MockNotification", "RestRequest", "WireShape"],
  },
};

/** Each entry's exports, split into runtime values and type-only names, from the TypeScript checker. */
function actualSurface(): Record<string, { values: string[]; types: string[] }> {
  const files = Object.values(SURFACE).map((s) => path.join(ROOT, s.file));
  const program = ts.createProgram(files, { strict: true, jsx: ts.JsxEmit.ReactJSX, esModuleInterop: true, skipLibCheck: true, noEmit: true });
  const checker = program.getTypeChecker();
  const result: Record<string, { values: string[]; types: string[] }> = {};
  for (const [entry, { file }] of Object.entries(SURFACE)) {
    const module = checker.getSymbolAtLocation(program.getSourceFile(path.join(ROOT, file))!)!;
    const values: string[] = [];
    const types: string[] = [];
    for (const symbol of checker.getExportsOfModule(module)) {
      const typeOnly = (symbol.declarations ?? []).some((d) => ts.isTypeOnlyExportDeclaration(d));
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      (!typeOnly && target.flags & ts.SymbolFlags.Value ? values : types).push(symbol.name);
    }
    result[entry] = { values: values.sort(), types: types.sort() };
  }
  return result;
}

describe("public API", function () {
  let actual: ReturnType<typeof actualSurface>;
  before(() => {
    actual = actualSurface();
  });

  for (const [entry, expected] of Object.entries(SURFACE)) {
    it(`${entry} exports exactly its documented surface`, () => {
      expect(actual[entry].values, `${entry} runtime exports`).to.deep.equal([...expected.values].sort());
      expect(actual[entry].types, `${entry} type exports`).to.deep.equal([...expected.types].sort());
    });
  }

  it("no internal leaks out (the names that used to)", () => {
    const leaked = [
      "validateRequest",
      "resolveBackoff",
      "backoffDelay",
      "DEFAULT_TIMEOUT_MS",
      "MIDDLEWARE_PROBE",
      "fetchNotificationPage",
      "setConnectionStatus",
    ];
    const all = Object.values(actual).flatMap((s) => [...s.values, ...s.types]);
    expect(leaked.filter((name) => all.includes(name))).to.deep.equal([]);
  });
});
