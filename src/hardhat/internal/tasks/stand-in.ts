// deploy-protocol-stand-in: a first local deployment with no contract of one's own. It puts a protocol
// stand-in on a node on this machine (raw creation code, nothing to compile: a contract that answers
// every call, with no protocol logic) and records its address as the addresses file's protocolAddress,
// which deploy-multiaccount reads. Local nodes only: the in-process network (where the stand-in would
// end with the command), a URL that is not a node on this machine, and a chain of the plugin's live
// chain table are refused before anything is sent. A rerun while the recorded protocolAddress has code
// on the chain sends nothing.
import { updateAddresses } from "../../addresses";
import { TASK_DEPLOY_MULTIACCOUNT, TASK_DEPLOY_PROTOCOL_STAND_IN } from "../../constants";
import { InputError, MultiAccountKitError } from "../../errors";
import { chainById } from "../chains/table";
import type { Host } from "./host";
import { startRun, withSession, type RunContext, type RunEffects } from "./lifecycle";

/** Returns 42 in a 32-byte word to every call: PUSH1 42 PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN. */
const STAND_IN_RUNTIME = "602a60005260206000f3";
/** Copies the runtime (10 bytes, at offset 12 of this code) to memory and returns it. */
export const STAND_IN_CREATION_CODE = `0x600a600c600039600a6000f3${STAND_IN_RUNTIME}`;

export interface StandInOptions {
  addressesFile: string;
}

export interface StandInResult {
  /** The stand-in's address, recorded as protocolAddress. */
  protocolAddress: string;
  /** False when the file's protocolAddress already had code on the chain, and nothing was sent. */
  deployed: boolean;
}

export function deployProtocolStandIn(host: Host, options: StandInOptions, effects: RunEffects = {}): Promise<StandInResult> {
  const progress = effects.progress ?? { step: "starting" };
  return withSession(host, { task: TASK_DEPLOY_PROTOCOL_STAND_IN, progress }, () => standIn(host, options, { ...effects, progress }));
}

const LOCAL_ONLY =
  `${TASK_DEPLOY_PROTOCOL_STAND_IN} puts a contract with no protocol logic on a node on this machine, for trying the tasks; ` +
  `on a real chain, deploy your protocol itself and pass its address to ${TASK_DEPLOY_MULTIACCOUNT} (--protocol-address, or "protocolAddress" in the addresses file).`;

/** Refuses, before any call, a network that is not a node on this machine: the in-process one, or a URL elsewhere. */
function refuseOffMachine(host: Host): void {
  const network = host.network;
  if (network.inProcess) {
    throw new InputError(
      `"${network.name}" is Hardhat's in-process network, the one a task runs on without --network: it ends with this command, and a stand-in with it. ` +
        `Start a node in a terminal of its own (\`npx hardhat node\`), then run \`npx hardhat ${TASK_DEPLOY_PROTOCOL_STAND_IN} --network localhost\`. Nothing was sent.`
    );
  }
  if (!network.loopback) {
    throw new InputError(`${network.endpoint} is not a node on this machine (its URL is not localhost, 127.x.x.x or [::1]). ${LOCAL_ONLY} Nothing was sent.`);
  }
  const configured = network.chainId === undefined ? undefined : chainById(network.chainId);
  if (configured !== undefined) throw liveChainError(host, network.chainId!, configured.network);
}

function liveChainError(host: Host, chainId: number, chain: string): InputError {
  return new InputError(
    `${host.network.endpoint} is chain ${chainId}, the live chain "${chain}" (a fork or a node started with its chain id). ${LOCAL_ONLY} ` +
      `For a local chain, start the node with another chain id (\`npx hardhat node\` uses 31337). Nothing was sent.`
  );
}

async function standIn(host: Host, options: StandInOptions, effects: RunEffects): Promise<StandInResult> {
  const progress = effects.progress!;
  progress.step = "checking the network";
  refuseOffMachine(host);
  progress.step = "reading the chain id";
  const chainId = await host.chain.chainId();
  const live = chainById(chainId);
  if (live !== undefined) throw liveChainError(host, chainId, live.network);
  // The stack, the addresses file (a corrupt one stops here, untouched; a missing one is created), the deployer.
  const run = await startRun(host, TASK_DEPLOY_PROTOCOL_STAND_IN, options.addressesFile, effects);

  const file = options.addressesFile;
  const where = `"${host.network.name}" (chain ${run.chainId})`;
  const recorded = await recordedProtocol(run);
  if (recorded !== undefined) {
    run.log.info(`protocolAddress ${recorded} in ${file} already has code on ${where}: nothing was sent.`);
    run.log.info(`Next: ${host.command(TASK_DEPLOY_MULTIACCOUNT)}`);
    return { protocolAddress: recorded, deployed: false };
  }

  progress.step = "deploying the protocol stand-in";
  run.log.info(`Deploying a protocol stand-in on ${where} from ${run.deployer.address}: it answers every call and has no protocol logic.`);
  let address: string;
  try {
    address = run.stack.getAddress(await run.stack.deployCode(run.deployer, STAND_IN_CREATION_CODE));
  } catch (error) {
    if (error instanceof MultiAccountKitError) throw error;
    throw new MultiAccountKitError(
      `Deploying the protocol stand-in failed on ${where}: ${((error as Error)?.message ?? String(error)).split("\n")[0].replace(/\.$/, "")}.`,
      error as Error
    );
  }
  progress.step = `saving protocolAddress to ${file}`;
  updateAddresses(file, { protocolAddress: address });
  host.rpc.complete();
  const replaced = run.addresses.protocolAddress;
  run.log.info(`Protocol stand-in: ${address}`);
  run.log.info(
    `Saved protocolAddress to ${file}` + (replaced === undefined || replaced.trim() === "" ? "" : ` (it named ${replaced}, which has no code on this chain)`)
  );
  run.log.info(`Next: ${host.command(TASK_DEPLOY_MULTIACCOUNT)}`);
  return { protocolAddress: address, deployed: true };
}

/** The file's protocolAddress, when it is an address with code on this chain. */
async function recordedProtocol(run: RunContext): Promise<string | undefined> {
  const recorded = run.addresses.protocolAddress;
  if (recorded === undefined || !run.stack.isAddress(recorded.trim())) return undefined;
  const address = run.stack.getAddress(recorded.trim());
  run.progress.step = `reading the code at ${address}`;
  return (await run.host.chain.hasCode(address)) ? address : undefined;
}
