import { task, types } from "hardhat/config";
import { TASK_DEPLOY_MULTIACCOUNT, ADDRESSES_FILE_HELP } from "../../constants";
import { commonOptions, type CommonTaskArgs } from "../../internal/tasks/options";
import { runOnHardhat2 } from "../run";

interface DeployTaskArgs extends CommonTaskArgs {
  admin?: string;
  protocolAddress?: string;
  accountContract?: string;
  force: boolean;
  deterministic: boolean;
  salt?: string;
}

task(TASK_DEPLOY_MULTIACCOUNT, "Deploys MultiAccount behind a transparent proxy, records it and verifies it")
  .addOptionalParam("admin", "Admin address passed to initialize (default: ADMIN_PUBLIC_KEY)")
  .addOptionalParam("protocolAddress", "Protocol contract address (default: protocolAddress in the addresses file)")
  .addOptionalParam("contract", "Contract deployed behind the proxy (default: multiAccount.contract, MultiAccount)")
  .addOptionalParam("accountContract", "Sub-account contract whose creation bytecode is passed (default: ProtocolPartyA)")
  .addOptionalParam("addressesFile", ADDRESSES_FILE_HELP)
  .addOptionalParam("verifyDelay", "Seconds to wait before verifying (default: 15)", undefined, types.float)
  .addFlag("noVerify", "Skip explorer verification")
  .addFlag("noCompile", "Don't compile before deploying")
  .addFlag("dryRun", "Print the plan (network, deployer, arguments, gas and cost) and send nothing")
  .addFlag("force", "Deploy even if the addresses file names a MultiAccount that has code on this network")
  .addFlag("deterministic", "Create the proxy through CreateX (CREATE3): the same address on every chain for this deployer and --salt")
  .addOptionalParam("salt", "Label of a --deterministic deployment (default: MultiAccount)")
  .setAction(async (args: DeployTaskArgs, hre) => {
    const { deployMultiAccount } = await import("../../internal/tasks/deploy");
    const config = hre.config.multiAccount;
    return runOnHardhat2(TASK_DEPLOY_MULTIACCOUNT, hre, (host, progress) =>
      deployMultiAccount(
        host,
        {
          ...commonOptions(args, config, hre.config.paths.root, hre.network.name),
          admin: args.admin,
          protocolAddress: args.protocolAddress,
          accountContract: args.accountContract ?? config.accountContract,
          force: args.force,
          deterministic: args.deterministic,
          salt: args.salt,
        },
        { progress }
      )
    );
  });
