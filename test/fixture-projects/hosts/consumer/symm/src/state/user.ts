// The app's user slice: the connected account, whether it is whitelisted, and the hedger it trades with.
export interface HedgerInfo {
  baseUrl: string;
  webSocketNotificationUrl: string;
  fetchData: boolean;
}

export interface UserState {
  account: string | null;
  whitelist: boolean;
  hedger: HedgerInfo | null;
}

const initial: UserState = { account: null, whitelist: false, hedger: null };

type UserAction = { type: "user/connected"; payload: { account: string; whitelist: boolean; hedger: HedgerInfo } };

export const connected = (account: string, whitelist: boolean, hedger: HedgerInfo): UserAction => ({
  type: "user/connected",
  payload: { account, whitelist, hedger },
});

export default function user(state: UserState = initial, action: { type: string }): UserState {
  if (action.type === "user/connected") return { ...state, ...(action as UserAction).payload };
  return state;
}
