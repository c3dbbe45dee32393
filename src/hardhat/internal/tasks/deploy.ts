// deploy-multiaccount: checks every input, compiles, then deploys MultiAccount behind a transparent
// proxy in a fixed order (load the addresses file, the first signer deploys, the two factories, the proxy
// with initialize), records the proxy address, waits, and verifies the implementation. The same code
// serves every stack and Hardhat major, through the Host and its Stack. Once the proxy exists it is
// recorded at once; a later step that fails (reading its slots, the gas summary, verification) is a
// warning, and the run still succeeds.
import {
  ADMIN_SLOT,
  IMPLEMENTATION_SLOT,
  TASK_ADDRESSES_SHOW,
  TASK_DEPLOY_MULTIACCOUNT,
  TASK_HANDOVER_MULTIACCOUNT,
  TASK_UPGRADE_MULTIACCOUNT,
} from "../../constants";
import { InputError, MultiAccountKitError } from "../../errors";
import { updateAddresses } from "../../addresses";
import { estimateDeployment, gasPriceFor } from "./estimate";
import type { Host } from "./host";
import { requireAddress } from "./inputs";
import { addressLink } from "../output/log";
import { DEFAULT_SALT_LABEL } from "../chains/createx";
import { deployDeterministic, planDeterministic, refuseForeignAdmin, type DeterministicPlan } from "./deterministic";
import { afterwards, reportGas, startRun, withSession, type RunContext, type RunEffects } from "./lifecycle";
import { journalPathFor } from "../rpc/journal";
import { describeNewOwner, transferOwnershipData } from "./owner";
import type { StackFactory, StackSigner } from "../stack/types";
import { verifyAfterwards, type Sleep } from "./verify";
import type { PreflightCells } from "./every-chain/job";

export interface DeployOptions {
  admin?: string;
  protocolAddress?: string;
  contract: string;
  accountContract: string;
  addressesFile: string;
  verify: boolean;
  verifyDelay: number;
  dryRun: boolean;
  force: boolean;
  /** Skip the compile that runs first (`--no-compile`). */
  noCompile?: boolean;
  /** Create the proxy through CreateX (CREATE3) at an address set by the deployer and `salt` only. */
  deterministic?: boolean;
  /** The label of a deterministic deployment (default DEFAULT_SALT_LABEL). */
  salt?: string;
  /** The ProxyAdmin's owner from the proxy's first block (a Safe; an account with ownerIsEoa); default the deployer. */
  owner?: string;
  ownerIsEoa?: boolean;
}

export interface DeploymentResult {
  proxy: string;
  /** Read from the proxy's ERC-1967 slots; undefined when that read failed (a warning said so). */
  admin?: string;
  implementation?: string;
}

/** A deployment sent, and its verification's outcome in a few words ("verified", "skipped (--no-verify)", "failed"). */
export interface SentDeployment {
  result: DeploymentResult;
  verification: string;
}

export interface DeployEffects extends RunEffects {
  sleep?: Sleep;
}

export function deployMultiAccount(host: Host, options: DeployOptions, effects: DeployEffects = {}): Promise<DeploymentResult | undefined> {
  const progress = effects.progress ?? { step: "starting" };
  return withSession(host, { task: TASK_DEPLOY_MULTIACCOUNT, progress }, () => deploy(host, options, { ...effects, progress }));
}

async function deploy(host: Host, options: DeployOptions, effects: DeployEffects): Promise<DeploymentResult | undefined> {
  // 1. Load the addresses; 2. the first signer deploys.
  const run = await startRun(host, TASK_DEPLOY_MULTIACCOUNT, options.addressesFile, effects);
  const plan = await planDeployment(host, run, options);
  if (!readyToSend(run, options, plan)) return undefined;
  return (await sendDeployment(host, run, options, plan, effects)).result;
}

/** Sends the deployment planned (after every check passed), records the proxy, then reports it. */
export async function sendDeployment(
  host: Host,
  run: RunContext,
  options: DeployOptions,
  plan: DeploymentPlan,
  effects: DeployEffects
): Promise<SentDeployment> {
  const file = options.addressesFile;
  // 4-5. Deploy the implementation, the admin and the proxy, and wait for them.
  const { stack, log, progress } = run;
  progress.step = "deploying";
  log.info(`Deploying ${options.contract} (implementation, then the proxy with its admin and initialize)...`);
  let proxyAddress: string;
  try {
    if (plan.owner !== undefined) await handManagedAdminFirst(run, plan.owner);
    proxyAddress =
      plan.deterministic === undefined
        ? await stack.deployProxy(plan.multiAccountFactory, plan.initArgs, plan.owner)
        : await deployDeterministic(run, plan.deterministic, plan.multiAccountFactory, plan.initArgs, plan.owner);
  } catch (error) {
    throw new MultiAccountKitError(
      `Deployment failed on "${host.network.name}": ${(error as Error).message.split("\n")[0].replace(/\.$/, "")}.`,
      error as Error
    );
  }

  // 7 (first). Record the proxy the moment it exists: from here on the deployment is done.
  const proxy = stack.getAddress(proxyAddress);
  progress.step = `saving the proxy address to ${file}`;
  // The protocol it was initialized with beside it, so that a rerun needs no flag (a value naming the
  // same address, in another case, is left as the file has it).
  const protocol = stack.getAddress(String(plan.initArgs[1]));
  const recorded = run.addresses.protocolAddress;
  const same = typeof recorded === "string" && recorded.trim().toLowerCase() === protocol.toLowerCase();
  updateAddresses(file, same ? { multiAccountAddress: proxy } : { multiAccountAddress: proxy, protocolAddress: protocol });
  host.rpc.complete();
  return reportDeployment(host, run, { ...options, owner: plan.owner }, proxy, effects);
}

/** What the plan step found on this chain, and what the send needs. */
export interface DeploymentPlan {
  /** The preflight table's cells: chain id, balance, estimated cost, the --deterministic address, action. */
  cells: PreflightCells;
  balance: bigint;
  /** The estimated cost of the deployment, in wei. */
  cost: bigint;
  multiAccountFactory: StackFactory;
  initArgs: unknown[];
  /** Set for --deterministic: the CREATE3 route's address and salt. */
  deterministic?: DeterministicPlan;
  /** --owner: the ProxyAdmin's owner from the proxy's first block. */
  owner?: string;
}

/** Every check, the compile, the factories and the cost, before anything is sent; logs and returns what it found. */
export async function planDeployment(host: Host, run: RunContext, options: DeployOptions): Promise<DeploymentPlan> {
  const { stack, log, progress } = run;
  const network = host.network;
  const { admin, protocol, deterministic, owner } = await checkInputs(host, run, options);

  if (!options.noCompile) {
    progress.step = "compiling";
    const built = await host.compile();
    if (built) log.info(built);
  }

  // 3. Factories for the account and the MultiAccount.
  progress.step = "loading the contracts";
  const accountFactory = await getFactory(run, options.accountContract, "--account-contract");
  const multiAccountFactory = await getFactory(run, options.contract, "--contract", run.deployer);

  progress.step = `validating ${options.contract} for a transparent proxy`;
  await stack.validateImplementation(multiAccountFactory);
  progress.step = "estimating the cost";
  const estimate = await estimateDeployment(run, multiAccountFactory, run.deployer, accountFactory.bytecode, protocol, deterministic !== undefined);
  const gasPrice = await gasPriceFor(run);
  const cost = estimate * gasPrice;
  const balance = await host.chain.balance(run.deployer.address);

  log.info(`Network:        ${network.name} (chain ${run.chainId})`);
  log.info(`Deployer:       ${run.deployer.address} (balance ${run.formatValue(balance)})`);
  log.info(`Contract:       ${options.contract} behind a transparent proxy`);
  log.info(
    `initialize(admin ${admin}, protocolAddress ${protocol}, ${options.accountContract} creation bytecode ${(accountFactory.bytecode.length - 2) / 2} bytes)`
  );
  if (owner !== undefined) await logOwner(run, owner);
  if (deterministic !== undefined) logPlan(run, deterministic);
  log.info(`Estimated gas:  ${estimate.toString()} at ${stack.formatGwei(gasPrice)} gwei = ${run.formatValue(cost)}`);

  const cells: PreflightCells = {
    chainId: run.chainId,
    balance: run.formatValue(balance),
    cost: run.formatValue(cost),
    proxy: deterministic?.proxy,
    action: deterministic?.adopted ? "record (sent earlier)" : deterministic?.createXFirst ? "deploy (CreateX first)" : "deploy",
  };
  const initArgs = [admin, protocol, accountFactory.bytecode];
  return { cells, balance, cost, multiAccountFactory, initArgs, deterministic, owner: owner?.address };
}

/** False on a dry run (after saying so); throws when the deployer cannot pay for the deployment. */
function readyToSend(run: RunContext, options: DeployOptions, { balance, cost }: DeploymentPlan): boolean {
  if (options.dryRun) {
    run.log.info(balance < cost ? `Dry run: the deployer balance is too low for this deployment.` : `Dry run: nothing was sent.`);
    return false;
  }
  if (balance < cost) {
    throw new InputError(
      `The deployer ${run.deployer.address} holds ${run.formatValue(balance)} but the deployment needs about ${run.formatValue(cost)}. ` +
        `Fund the deployer (or set a lower gas price for "${run.host.network.name}") and run again; nothing was sent.`
    );
  }
  return true;
}

interface DeploymentInputs {
  admin: string;
  protocol: string;
  deterministic?: DeterministicPlan;
  owner?: { address: string; description: string };
}

/** The admin, the protocol (with code), no recorded MultiAccount in the way, and the --deterministic route. */
async function checkInputs(host: Host, run: RunContext, options: DeployOptions): Promise<DeploymentInputs> {
  const { stack, progress } = run;
  const file = options.addressesFile;
  progress.step = "checking the inputs";
  const admin = requireAddress(
    stack,
    "admin address",
    options.admin ?? process.env.ADMIN_PUBLIC_KEY,
    "Pass --admin <address> or set ADMIN_PUBLIC_KEY in the .env file."
  );
  const protocol = requireAddress(
    stack,
    "protocol address",
    options.protocolAddress ?? run.addresses.protocolAddress,
    `Pass --protocol-address <address> or set "protocolAddress" in ${file}.`
  );
  await requireProtocolCode(run, protocol, file);
  const owner = await checkOwner(run, options);
  await refuseExistingDeployment(run, options, file);
  if (options.salt !== undefined && !options.deterministic)
    throw new InputError(`--salt only applies with --deterministic: add --deterministic, or drop --salt.`);
  const label = options.salt ?? DEFAULT_SALT_LABEL;
  const deterministic = options.deterministic ? await planDeterministic(run, label, journalPathFor(file), owner?.address) : undefined;
  // hardhat-upgrades 1.x gives a new proxy the network's one ProxyAdmin, whatever the route.
  if (deterministic === undefined) await refuseForeignAdmin(run, `"${run.host.network.name}" (chain ${run.chainId})`, owner?.address);
  return { admin, protocol, deterministic, owner };
}

/** --owner, checked on chain (a Safe, or an account with --owner-is-eoa) before anything is compiled or sent. */
async function checkOwner(run: RunContext, options: DeployOptions): Promise<DeploymentInputs["owner"]> {
  const { stack } = run;
  if (options.owner === undefined) {
    if (options.ownerIsEoa) throw new InputError(`--owner-is-eoa only applies with --owner: add --owner <address>, or drop --owner-is-eoa.`);
    return undefined;
  }
  const address = stack.getAddress(requireAddress(stack, "owner", options.owner, "Pass --owner <address of the Safe>."));
  if (address === stack.getAddress(run.deployer.address)) {
    throw new InputError(`--owner ${address} is the deployer, which owns the ProxyAdmin without --owner: drop --owner. Nothing was sent.`);
  }
  return { address, description: await describeNewOwner(run, address, options.ownerIsEoa === true) };
}

/** The owner's line of the plan; on hardhat-upgrades 1.x, what handing its one ProxyAdmin over also moves. */
async function logOwner(run: RunContext, owner: { address: string; description: string }): Promise<void> {
  run.log.info(`ProxyAdmin:     owned by ${owner.description} (--owner)`);
  const managed = await run.stack.managedProxyAdmin?.();
  if (managed !== undefined && run.stack.getAddress(managed.owner) === run.stack.getAddress(run.deployer.address)) {
    run.log.warn(
      `hardhat-upgrades 1.x keeps one ProxyAdmin per network (${managed.address}): it goes to ${owner.address} before the proxy is created, with every proxy it already administers here.`
    );
  }
}

/**
 * hardhat-upgrades 1.x: the network's one ProxyAdmin is transferred to the owner before the proxy is
 * created, so that the proxy never has another owner. Read first: a rerun sends nothing twice. On
 * OpenZeppelin 5 the proxy's constructor makes its new ProxyAdmin the owner's (deployProxy's initialOwner).
 */
async function handManagedAdminFirst(run: RunContext, owner: string): Promise<void> {
  const { stack, host } = run;
  if (stack.ensureManagedProxyAdmin === undefined) return;
  run.progress.step = "handing the network's ProxyAdmin to the owner";
  const admin = stack.getAddress(await stack.ensureManagedProxyAdmin(run.deployer));
  const current = await host.chain.ownerOf(admin);
  if (current !== undefined && stack.getAddress(current) === owner) return;
  run.log.info(`Transferring the ProxyAdmin ${admin} to ${owner}, before the proxy is created...`);
  await stack.sendCall(run.deployer, admin, transferOwnershipData(owner));
}

/** The protocol must be a contract on this chain; on the in-process network, say where it more likely is. */
async function requireProtocolCode(run: RunContext, protocol: string, file: string): Promise<void> {
  const network = run.host.network;
  if (await run.host.chain.hasCode(protocol)) return;
  // Without --network a task runs in-process, where nothing an earlier command deployed is.
  const inProcess = network.inProcess
    ? `"${network.name}" is Hardhat's in-process network, the one a task runs on without --network, and it starts empty on every run: ` +
      `for a protocol on a node on this machine (\`npx hardhat node\`), run again with --network localhost; on another chain, with its --network. `
    : "";
  throw new InputError(
    `The protocol address ${protocol} has no contract code on network "${network.name}" (chain ${run.chainId}). ${inProcess}` +
      `Deploy the protocol first, or fix --protocol-address / "protocolAddress" in ${file}.`
  );
}

function logPlan(run: RunContext, plan: DeterministicPlan): void {
  run.log.info(`Deterministic:  proxy at ${plan.proxy} through CreateX (CREATE3, label "${plan.label}", salt ${plan.salt})`);
  run.log.info(
    plan.adopted
      ? `                already created there by an earlier run of this deployment (its send journal), which did not save it`
      : `                no code there yet on this chain${plan.createXFirst ? "; CreateX goes first, from its keyless transaction" : ""}`
  );
}

/** After the proxy is recorded: its slots, the gas, verification and the next step. A failure here is a warning. */
async function reportDeployment(host: Host, run: RunContext, options: DeployOptions, proxy: string, effects: DeployEffects): Promise<SentDeployment> {
  const { stack, log, progress } = run;
  const file = options.addressesFile;
  // 6. Log the proxy, and the admin and implementation read from the ERC-1967 slots.
  progress.step = "reading the proxy's ERC-1967 slots";
  const done = "the deployment itself is complete and recorded";
  let proxyAdmin: string | undefined;
  let implementation: string | undefined;
  await afterwards(run, "read the proxy's ERC-1967 slots", done, async () => {
    proxyAdmin = stack.getAddress(await host.chain.addressInSlot(proxy, ADMIN_SLOT));
    implementation = stack.getAddress(await host.chain.addressInSlot(proxy, IMPLEMENTATION_SLOT));
  });
  const shown = (address: string | undefined) =>
    address === undefined
      ? `(not read; see it with \`${host.command(TASK_ADDRESSES_SHOW)}\` or on the explorer)`
      : `${address}${addressLink(run.browserUrl, address)}`;
  log.info(`Proxy:          ${proxy}${addressLink(run.browserUrl, proxy)}`);
  log.info(`ProxyAdmin:     ${shown(proxyAdmin)}`);
  if (options.owner !== undefined && proxyAdmin !== undefined) await reportOwner(run, proxyAdmin, options.owner, done);
  log.info(`Implementation: ${shown(implementation)}`);
  log.info(`Saved multiAccountAddress to ${file}`);

  progress.step = "reading the receipts";
  await reportGas(run, "Gas used:       ", done);

  // 8-9. Wait, then verify the implementation; a failure is only logged.
  let verification = "skipped (--no-verify)";
  if (options.verify) {
    progress.step = "verifying the implementation";
    verification = await verifyAfterwards(
      host,
      { implementation, contractName: options.contract, proxy, delaySeconds: options.verifyDelay, chainId: run.chainId },
      log,
      done,
      effects.sleep
    );
  } else {
    log.info(`Verification skipped (--no-verify).`);
  }

  if (host.network.inProcess) {
    // Nothing deployed here outlives this process: point at a chain that keeps it.
    log.info(
      `Next: the in-process network ends with this command. To keep a deployment, start \`npx hardhat node\` and run \`npx hardhat ${TASK_DEPLOY_MULTIACCOUNT} --network localhost\`.`
    );
  } else {
    log.info(`Next: ${host.command(TASK_ADDRESSES_SHOW)}`);
  }
  return { result: { proxy, admin: proxyAdmin, implementation }, verification };
}

/** The ProxyAdmin's owner read on chain after an --owner deployment; a warning when it is not the owner asked for. */
async function reportOwner(run: RunContext, proxyAdmin: string, owner: string, done: string): Promise<void> {
  await afterwards(run, "read the ProxyAdmin's owner", done, async () => {
    const found = await run.host.chain.ownerOf(proxyAdmin);
    const actual = found === undefined ? "(none)" : run.stack.getAddress(found);
    if (actual === owner) run.log.info(`                owned by ${owner} (read on chain)`);
    else
      run.log.warn(
        `The ProxyAdmin ${proxyAdmin} is owned by ${actual}, not by --owner ${owner}: hand it over with \`${run.host.command(TASK_HANDOVER_MULTIACCOUNT)}\`.`
      );
  });
}

async function getFactory(run: RunContext, name: string, flag: string, signer?: StackSigner): Promise<StackFactory> {
  try {
    return await run.stack.contractFactory(name, signer);
  } catch (error) {
    throw new InputError(
      `Cannot load contract "${name}" (${(error as Error).message.split("\n")[0]}). ` +
        `Check ${flag} (or the multiAccount config) and that it compiles with \`npx hardhat compile\`.`
    );
  }
}

/** The MultiAccount the addresses file names, when it has code on this chain (and --force was not given). */
export async function recordedDeployment(run: RunContext, options: Pick<DeployOptions, "force">): Promise<string | undefined> {
  const existing = run.addresses.multiAccountAddress;
  if (existing === undefined || existing.trim() === "" || options.force) return undefined;
  if (!run.stack.isAddress(existing)) return undefined;
  return (await run.host.chain.hasCode(existing)) ? existing : undefined;
}

async function refuseExistingDeployment(run: RunContext, options: DeployOptions, file: string): Promise<void> {
  const existing = await recordedDeployment(run, options);
  if (existing !== undefined) {
    throw new InputError(
      `${file} already names a MultiAccount at ${existing}, and it has code on "${run.host.network.name}". ` +
        `To upgrade it, run \`${run.host.command(TASK_UPGRADE_MULTIACCOUNT)}\`; ` +
        `to deploy a second one anyway (and record it instead), pass --force.`
    );
  }
}
