// The chain jobs of a multi-chain deploy or upgrade (`--networks`): the single-chain task's own steps
// (startRun, planDeployment / planUpgrade, sendDeployment / sendUpgrade) cut where the first
// transaction would go, over one network's Host. Neutral: a Hardhat 2 child process serves one over
// IPC (every-chain/ipc.ts), and Hardhat 3 can run one per connection in its one process.
import { TASK_DEPLOY_MULTIACCOUNT, TASK_HANDOVER_MULTIACCOUNT, TASK_UPGRADE_MULTIACCOUNT } from "../../constants";
import { planDeployment, recordedDeployment, sendDeployment, type DeployOptions, type DeploymentPlan } from "./deploy";
import { refuseForeignAdmin } from "./deterministic";
import type { ChainJob, JobContext, PreflightReport, SendReport } from "./every-chain/job";
import { planHandover, sendHandover, showPlan, type HandoverOptions, type HandoverPlan } from "./handover";
import type { Host } from "./host";
import { startRun, withSession, type Progress, type RunContext } from "./lifecycle";
import { planUpgrade, sendUpgrade, type UpgradeOptions, type UpgradePlan } from "./upgrade";

/** What a chain's checks found, and the plan its send carries out (none when there is nothing to send). */
interface Checked<P> {
  report: PreflightReport;
  plan?: P;
}

interface Phases<P> {
  task: string;
  addressesFile: string;
  check(run: RunContext): Promise<Checked<P>>;
  send(run: RunContext, plan: P): Promise<SendReport>;
}

/** The step a task is in, shown as the chain's live status as it changes. */
function statusProgress(context: () => JobContext | undefined): Progress {
  let step = "starting";
  return {
    get step() {
      return step;
    },
    set step(value: string) {
      step = value;
      context()?.status(value);
    },
  };
}

function firstLine(error: Error): string {
  return error.message.split("\n")[0].trim();
}

/** A job over `host` whose preflight runs `check` and whose send runs `send`, each behind the host's RPC session. */
function chainJob<P>(host: Host, phases: Phases<P>): ChainJob {
  let context: JobContext | undefined;
  const progress = statusProgress(() => context);
  let run: RunContext | undefined;
  let plan: P | undefined;
  const session = <T>(ctx: JobContext, body: () => Promise<T>) => {
    context = ctx;
    return withSession(host, { task: phases.task, progress }, body);
  };
  return {
    network: host.network.name,
    async preflight(ctx) {
      let chainId: number | undefined;
      try {
        return await session(ctx, async () => {
          run = await startRun(host, phases.task, phases.addressesFile, { logger: ctx.log, progress });
          chainId = run.chainId;
          const configured = host.network.chainId;
          if (configured !== undefined && configured !== run.chainId) {
            return { chainId, problem: `chain id: the endpoint is on chain ${run.chainId}, the config says ${configured}` };
          }
          const checked = await phases.check(run);
          plan = checked.plan;
          return checked.report;
        });
      } catch (error) {
        // Once the chain answered, a failed check (explained and redacted by the session) is this row's problem.
        if (chainId === undefined) throw error;
        return { chainId, problem: firstLine(error as Error) };
      }
    },
    send: (ctx) =>
      // Ctrl-C before the first transaction: nothing to finish. Once sending, the chain finishes its work.
      ctx.signal.aborted
        ? Promise.reject(new Error("stopped (Ctrl-C) before sending; nothing was sent"))
        : session(ctx, async () => {
            if (run === undefined || plan === undefined) throw new Error(`${phases.task}: send() before a passing preflight() on "${host.network.name}"`);
            return phases.send(run, plan);
          }),
  };
}

/** What this run sent, from its receipts; undefined cells when they cannot be read (the work is done anyway). */
async function sentSummary(run: RunContext): Promise<Pick<SendReport, "gasUsed" | "cost" | "transactions">> {
  try {
    const gas = await run.host.chain.summarize(run.host.rpc.hashes());
    return { gasUsed: gas.gasUsed.toString(), cost: run.formatValue(gas.cost), transactions: gas.transactions };
  } catch {
    return { transactions: run.host.rpc.hashes().length };
  }
}

/**
 * One chain of `deploy-multiaccount --networks`. Preflight: the endpoint and its chain id, every check
 * of the single-chain plan (protocol code, --deterministic's CreateX and address, the upgrades 1.x
 * ProxyAdmin), the balance against the estimated cost (as the single-chain deploy checks it); a recorded MultiAccount
 * with code is "already deployed", nothing to do. Send: the single-chain deployment.
 */
export function deployJob(host: Host, options: DeployOptions): ChainJob {
  return chainJob<DeploymentPlan>(host, {
    task: TASK_DEPLOY_MULTIACCOUNT,
    addressesFile: options.addressesFile,
    async check(run) {
      const recorded = await recordedDeployment(run, options);
      if (recorded !== undefined) {
        run.log.info(`${options.addressesFile} already records the MultiAccount ${recorded}, which has code here: nothing to deploy.`);
        return { report: { chainId: run.chainId, proxy: run.stack.getAddress(recorded), action: "already deployed", nothingToDo: true } };
      }
      // --deterministic checks the upgrades 1.x ProxyAdmin in its plan; a plain deployment uses it too.
      const owner = options.owner !== undefined && run.stack.isAddress(options.owner) ? options.owner : undefined;
      if (!options.deterministic) await refuseForeignAdmin(run, `"${host.network.name}" (chain ${run.chainId})`, owner);
      const plan = await planDeployment(host, run, { ...options, dryRun: false });
      // The single-chain rule: the estimate holds 10% headroom on the gas and is priced at the max
      // fee per gas (which already allows for the base fee doubling), so the two commands agree.
      if (plan.balance < plan.cost) {
        const problem = `deployer balance: ${run.deployer.address} holds ${run.formatValue(plan.balance)}, the deployment needs about ${run.formatValue(plan.cost)}`;
        return { report: { ...plan.cells, problem } };
      }
      return { report: plan.cells, plan };
    },
    async send(run, plan) {
      const { result, verification } = await sendDeployment(host, run, options, plan, {});
      return { proxy: result.proxy, ...(await sentSummary(run)), verification };
    },
  });
}

/**
 * One chain of `upgrade-multiaccount --networks`. Preflight: the endpoint and its chain id, the
 * recorded proxy with code, the new code against the current implementation's ("nothing to upgrade"
 * when they match, without --force), and the upgrades plugin's own validation of the upgrade. Send:
 * the single-chain upgrade.
 */
export function upgradeJob(host: Host, options: UpgradeOptions): ChainJob {
  return chainJob<UpgradePlan>(host, {
    task: TASK_UPGRADE_MULTIACCOUNT,
    addressesFile: options.addressesFile,
    async check(run) {
      const plan = await planUpgrade(host, run, { ...options, dryRun: false });
      const balance = run.formatValue(await host.chain.balance(run.deployer.address));
      return { report: { ...plan.cells, balance, nothingToDo: !plan.worth }, plan: plan.worth ? plan : undefined };
    },
    async send(run, plan) {
      const { result, verification } = await sendUpgrade(host, run, options, plan, {});
      return { proxy: result.proxy, ...(await sentSummary(run)), verification };
    },
  });
}

/**
 * One chain of `handover-multiaccount --networks`. Preflight: the endpoint and its chain id, the new
 * owner (a Safe on this chain), the recorded proxy, and the steps left, read from the chain ("nothing
 * to hand over" when none). Send: those steps, in the single-chain order, read back on chain.
 */
export function handoverJob(host: Host, options: HandoverOptions): ChainJob {
  return chainJob<HandoverPlan>(host, {
    task: TASK_HANDOVER_MULTIACCOUNT,
    addressesFile: options.addressesFile,
    async check(run) {
      const plan = await planHandover(run, options);
      const worth = showPlan(run, plan, { dryRun: false });
      const balance = run.formatValue(await host.chain.balance(run.deployer.address));
      const action = worth ? `hand over (${plan.steps.length} transactions)` : "nothing to hand over";
      return { report: { chainId: run.chainId, proxy: plan.proxy, balance, action, nothingToDo: !worth }, plan: worth ? plan : undefined };
    },
    async send(run, plan) {
      const result = await sendHandover(run, plan);
      return { proxy: result.proxy, ...(await sentSummary(run)) };
    },
  });
}
