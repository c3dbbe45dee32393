// The admin's side as the rules say it should behave: setters behind SETTER_ROLE, pausing, the
// proxy upgrade, and the test-only knobs of the protocol stand-in.
import { utils } from "ethers";
import { ZERO_ADDRESS } from "../actors";
import { errorString, text } from "../codec";
import { bytecodeOf, type Implementation } from "../env";
import type { ProtocolState, Reentry } from "../model";
import { emit, onlyRole, revert, revertWith, type Ctx } from "./core";
import { transfer } from "./token";

export const MAX_REVOKE_COOLDOWN = 30 * 24 * 3600;

export function pause(ctx: Ctx): void {
  onlyRole(ctx, "PAUSER_ROLE");
  if (ctx.s.paused) revert("EnforcedPause");
  ctx.s.paused = true;
  ctx.s.pausedAt = ctx.now;
  emit(ctx, "Paused", text.address(ctx.caller));
}

export function unpause(ctx: Ctx): void {
  onlyRole(ctx, "UNPAUSER_ROLE");
  if (!ctx.s.paused) revert("ExpectedPause");
  ctx.s.paused = false;
  ctx.s.pausedTotal += ctx.now - ctx.s.pausedAt;
  ctx.s.pausedAt = 0;
  emit(ctx, "Unpaused", text.address(ctx.caller));
}

export function setRevokeCooldown(ctx: Ctx, cooldown: number): void {
  onlyRole(ctx, "SETTER_ROLE");
  if (cooldown > MAX_REVOKE_COOLDOWN) revert("RevokeCooldownTooLong", text.number(cooldown), text.number(MAX_REVOKE_COOLDOWN));
  emit(ctx, "SetRevokeCooldown", text.number(ctx.s.revokeCooldown), text.number(cooldown));
  ctx.s.revokeCooldown = cooldown;
}

export function setAccountsAdmin(ctx: Ctx, admin: string): void {
  onlyRole(ctx, "SETTER_ROLE");
  if (admin === ZERO_ADDRESS) revert("ZeroAddress");
  emit(ctx, "SetAccountsAdmin", text.address(ctx.s.accountsAdmin), text.address(admin));
  ctx.s.accountsAdmin = admin;
}

export function setProtocolAddress(ctx: Ctx, protocol: string): void {
  onlyRole(ctx, "SETTER_ROLE");
  if (protocol === ZERO_ADDRESS) revert("ZeroAddress");
  emit(ctx, "SetProtocolAddress", text.address(ctx.s.protocolAddress), text.address(protocol));
  ctx.s.protocolAddress = protocol;
}

/** `null` stands for empty bytecode. */
export function setAccountImplementation(ctx: Ctx, implementation: Implementation | null): void {
  onlyRole(ctx, "SETTER_ROLE");
  if (implementation === null) revert("EmptyAccountImplementation");
  const code = bytecodeOf(ctx.env, implementation);
  // The bytecode goes into a new data contract, created with CREATE at the MultiAccount's nonce.
  const pointer = utils.getContractAddress({ from: ctx.env.multiAccount, nonce: ctx.s.nonce });
  ctx.s.nonce += 1;
  ctx.s.implementation = implementation;
  emit(ctx, "SetAccountImplementation", text.bytes(utils.keccak256(code)), text.address(pointer));
}

/** ProxyAdmin.upgrade(proxy, MultiAccountV2): its owner (the deployer, our admin) only. */
export function upgrade(ctx: Ctx): void {
  if (ctx.caller !== ctx.env.actors.admin) revertWith(errorString("Ownable: caller is not the owner"));
  ctx.s.version = "2";
  emit(ctx, "Upgraded", text.address(ctx.env.v2Implementation));
}

/** The attacker sends tokens straight to the MultiAccount. */
export function donate(ctx: Ctx, amount: bigint): void {
  const before = ctx.s.tokens[ctx.env.multiAccount] ?? 0n;
  transfer(ctx.s, ctx.env, ctx.caller, ctx.env.multiAccount, amount);
  ctx.s.donated += (ctx.s.tokens[ctx.env.multiAccount] ?? 0n) - before;
}

export function armReentry(protocol: ProtocolState, reentry: Reentry | null): void {
  protocol.reentry = reentry;
}

export function setPullShortBy(protocol: ProtocolState, by: bigint): void {
  protocol.pullShortBy = by;
}
