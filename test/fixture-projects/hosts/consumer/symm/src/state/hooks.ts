// The app's own hooks: what the notification updater needs to know, read from the user slice.
import { useSelector } from "react-redux";
import type { AppState } from "./reducer";

export const useActiveAccountAddress = () => useSelector((state: AppState) => state.user.account);
export const useUserWhitelist = () => useSelector((state: AppState) => state.user.whitelist);
export const useHedgerInfo = () => useSelector((state: AppState) => state.user.hedger);
