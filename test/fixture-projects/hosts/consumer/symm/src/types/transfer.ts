// The app's own names for a collateral transfer's direction.
export enum TransferTab {
  DEPOSIT = "Deposit",
  WITHDRAW = "Withdraw",
  ALLOCATE = "Allocate",
  DEALLOCATE = "Deallocate",
}
