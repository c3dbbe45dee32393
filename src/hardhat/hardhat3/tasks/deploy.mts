import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { TASK_DEPLOY_MULTIACCOUNT } from "../../constants.js";
import { deployMultiAccount } from "../../internal/tasks/deploy.js";
import { commonOptions } from "../../internal/tasks/options.js";
import { hardhat3NetworkName } from "../host.mjs";
import { runOnHardhat3, secondsOption } from "../run.mjs";

interface DeployTaskArguments {
  admin?: string;
  protocolAddress?: string;
  contract?: string;
  accountContract?: string;
  addressesFile?: string;
  verifyDelay?: string;
  noVerify: boolean;
  noCompile: boolean;
  dryRun: boolean;
  force: boolean;
  deterministic: boolean;
  salt?: string;
}

export default async function deployTask(args: DeployTaskArguments, hre: HardhatRuntimeEnvironment) {
  const config = hre.config.multiAccount;
  return runOnHardhat3(TASK_DEPLOY_MULTIACCOUNT, hre, { needsSigner: true }, (host, progress) =>
    deployMultiAccount(
      host,
      {
        ...commonOptions({ ...args, verifyDelay: secondsOption(args.verifyDelay) }, config, hre.config.paths.root, hardhat3NetworkName(hre)),
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
}
