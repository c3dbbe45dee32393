// An import from each entry point, type-checked under each module resolution (tsconfig.*.json).
// Every `@ts-expect-error` line proves its import resolved to real types: under an unresolved or
// `any` import the line would not be an error, and tsc would report the unused directive.
import type {} from "multiaccount-kit/hardhat";
import { configFromEnv } from "multiaccount-kit/hardhat/env";
import { loadAddresses, type AddressesFile, type AddressesRecord } from "multiaccount-kit/hardhat/addresses";
import { notificationsReducer, selectReadNotifications, selectUnreadNotifications, type NotificationDetails } from "multiaccount-kit/notifications";
import { useUnreadNotifications } from "multiaccount-kit/notifications/react";
import { startMockHedger, type MockHedger } from "multiaccount-kit/mock-hedger";

const state = notificationsReducer(undefined, { type: "@@consumer/init" } as never);
export const unread: NotificationDetails[] = selectUnreadNotifications({ notifications: state });
export const read: NotificationDetails[] = selectReadNotifications({ notifications: state });
// @ts-expect-error a number is not a notifications root state
selectUnreadNotifications(1);

export const hook: () => NotificationDetails[] = useUnreadNotifications;
// @ts-expect-error the hook takes no argument
useUnreadNotifications(1);

export const networks: object = configFromEnv({}).networks;
// @ts-expect-error configFromEnv takes an environment object
configFromEnv(1);

export const addresses: (file: string) => AddressesFile = loadAddresses;
// The deprecated name of AddressesFile still type-checks until 0.3.0.
export const record: (file: string) => AddressesRecord = loadAddresses;
// @ts-expect-error loadAddresses takes a file path
loadAddresses(1);

export const hedger: () => Promise<MockHedger> = startMockHedger;
// @ts-expect-error the port is a number
startMockHedger({ port: "8090" });
