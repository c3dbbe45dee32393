// The same reducer run, given the package as loaded by the caller (ESM import or CommonJS require):
// adds, supersedes, reads, and returns the selected lists and the final state.
module.exports = function scenario(kit) {
  const note = (id, quoteId, modifyTime, overrides = {}) => ({
    id,
    quoteId,
    createTime: "900",
    modifyTime,
    counterpartyAddress: "0xabc",
    filledAmountOpen: null,
    filledAmountClose: null,
    lastSeenAction: "SendQuote",
    actionStatus: "success",
    failureType: null,
    failureMessage: null,
    stateType: "alert",
    notificationType: "Success",
    showInModal: true,
    ...overrides,
  });
  const actions = [
    kit.addUnreadNotification(note("n1", "1", "1000")),
    kit.addUnreadNotification(note("n2", "2", "1001")),
    kit.ingestNotifications([note("n3", "3", "1002"), note("n2b", "2", "1003"), note("n4", "4", "1004", { showInModal: false })]),
    kit.readOneNotification(note("n1", "1", "1000")),
  ];
  let state = kit.notificationsReducer(undefined, { type: "@@consumer/init" });
  for (const action of actions) state = kit.notificationsReducer(state, action);
  const root = { notifications: state };
  return {
    unread: kit.selectUnreadNotifications(root).map((n) => n.id),
    read: kit.selectReadNotifications(root).map((n) => n.id),
    state,
  };
};
