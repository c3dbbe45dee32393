// Puts a protocol stand-in on the selected network and records it as `protocolAddress`.
import hre from "hardhat";
import { updateAddresses } from "../../../../src/hardhat/addresses";

async function main() {
  const protocol = await (await hre.ethers.getContractFactory("ProtocolStandIn")).deploy();
  await protocol.deployed();
  updateAddresses(process.env.FIXTURE_ADDRESSES ?? hre.config.multiAccount.addressesFile, { protocolAddress: protocol.address });
  console.log(`protocolAddress ${protocol.address}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
