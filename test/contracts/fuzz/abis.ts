// The ABIs the harness encodes calls with and decodes results with, read from Hardhat's artifacts.
import hre from "hardhat";
import { utils } from "ethers";
import { Codec } from "./codec";

export interface Abis {
  multiAccount: utils.Interface;
  account: utils.Interface;
  protocol: utils.Interface;
  token: utils.Interface;
  proxyAdmin: utils.Interface;
  lens: utils.Interface;
  codec: Codec;
}

const UPGRADED = ["event Upgraded(address indexed implementation)"];

export function loadAbis(): Abis {
  const abi = (name: string) => hre.artifacts.readArtifactSync(name).abi as unknown[];
  const multiAccount = abi("MultiAccount");
  const account = abi("ProtocolPartyA");
  const protocol = abi("MockProtocol");
  return {
    multiAccount: new utils.Interface(multiAccount as string[]),
    account: new utils.Interface(account as string[]),
    protocol: new utils.Interface(protocol as string[]),
    token: new utils.Interface(abi("MockCollateral") as string[]),
    proxyAdmin: new utils.Interface(["function upgrade(address proxy, address implementation)"]),
    lens: new utils.Interface(abi("MultiAccountLens") as string[]),
    codec: new Codec([multiAccount, account, protocol], [multiAccount, new utils.Interface(UPGRADED).fragments.map((f) => JSON.parse(f.format("json")))]),
  };
}
