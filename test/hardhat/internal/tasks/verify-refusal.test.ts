// What the verify step says when the code on chain is not this source's: a partial match (the same
// code but for the metadata hash) or no match, each naming the contract and the explorer, and never
// reported as verified. The real verifier proves the whole path (test/hardhat/hosts/real-verifier.test.ts);
// these are the messages and the outcome on their own.
import { expect } from "chai";
import { PARTIAL_MATCH, refusalMessage, verifyAfterwards } from "../../../../src/hardhat/internal/tasks/verify";
import type { Host } from "../../../../src/hardhat/internal/tasks/host";
import { captureLogger } from "../../helpers/capture";

const ADDRESS = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";
const PROXY = "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9";
const CONTRACT = "multiaccount-kit/contracts/multiAccount/MultiAccount.sol:MultiAccount";
const EXPLORER = "Etherscan API V2 (chainid 56)";

/** A host whose explorer refuses the implementation with `refusal`, and counts the proxy links asked. */
function refusingHost(refusal: string): Host & { proxyLinks: number } {
  const host = {
    proxyLinks: 0,
    contractFqn: async () => CONTRACT,
    explorer: {
      browserUrl: () => undefined,
      unavailable: () => undefined,
      describe: () => EXPLORER,
      linksProxies: () => true,
      verify: async () => {
        throw new Error(refusal);
      },
      verifyProxy: async () => {
        host.proxyLinks++;
      },
      retryCommand: (address: string) => `npx hardhat verify --network bsc ${address}`,
    },
  };
  return host as unknown as Host & { proxyLinks: number };
}

/** The verify step after a deploy, on `host`: what it logged and its summary. */
async function verifyOn(host: Parameters<typeof verifyAfterwards>[0]) {
  const log = captureLogger();
  const summary = await verifyAfterwards(
    host,
    { implementation: ADDRESS, contractName: "MultiAccount", proxy: PROXY, delaySeconds: 0, chainId: 56 },
    log,
    "deployed"
  );
  return { log, summary };
}

describe("the verify step when the code on chain is not this source's", () => {
  it("a partial match names the contract, its address and the explorer, and says why", () => {
    const message = refusalMessage("partial", { contract: CONTRACT, address: ADDRESS, explorer: EXPLORER }, "Fail - Unable to verify");
    expect(message.startsWith(`${PARTIAL_MATCH}: ${EXPLORER} did not verify ${CONTRACT} at ${ADDRESS}.`), message).to.equal(true);
    expect(message).to.include("but for its metadata hash");
    expect(message).to.include("(Fail - Unable to verify)");
  });

  it("no match names the contract given, and the explorer", () => {
    const message = refusalMessage("mismatch", { contract: CONTRACT, address: ADDRESS, explorer: EXPLORER }, "bytecode_length_mismatch");
    expect(message).to.equal(
      `${EXPLORER} did not verify ${CONTRACT} at ${ADDRESS}: the code on chain is not ${CONTRACT} as compiled now ` +
        "(its code, compiler settings or imports changed since the deploy). (bytecode_length_mismatch)"
    );
  });

  it("no match for a contract verified by its address alone names the project's configured contract", () => {
    const message = refusalMessage("mismatch", { address: ADDRESS, explorer: EXPLORER, configured: "MultiAccount" }, "no local match");
    expect(message).to.include(
      `${EXPLORER} did not verify the contract at ${ADDRESS}: the code on chain is not MultiAccount nor any other contract of this project`
    );
  });

  it("no match without a configured contract says no contract of the project matches", () => {
    const message = refusalMessage("mismatch", { address: ADDRESS, explorer: EXPLORER }, "no local match");
    expect(message).to.include("the code on chain is not any contract of this project as compiled now");
  });

  it("a partial match refused by the explorer is reported as one, not as verified, and the proxy is not linked", async () => {
    const host = refusingHost(refusalMessage("partial", { contract: CONTRACT, address: ADDRESS, explorer: EXPLORER }, "Fail - Unable to verify"));
    const { log, summary } = await verifyOn(host);
    expect(summary).to.equal("partial match only (not verified)");
    expect(log.text()).to.include(
      `Verification of ${ADDRESS} failed (the deployment itself succeeded): ${PARTIAL_MATCH}: ${EXPLORER} did not verify ${CONTRACT}`
    );
    expect(log.text()).to.include(`Retry later with: npx hardhat verify --network bsc ${PROXY}`);
    expect(log.text()).to.not.include(`Verified ${ADDRESS}`);
    expect(host.proxyLinks).to.equal(0);
  });

  it("no match refused by the explorer is a failure, not a partial match", async () => {
    const host = refusingHost(refusalMessage("mismatch", { contract: CONTRACT, address: ADDRESS, explorer: EXPLORER }, "bytecode_length_mismatch"));
    const { log, summary } = await verifyOn(host);
    expect(summary).to.equal("failed");
    expect(log.text()).to.include(`${EXPLORER} did not verify ${CONTRACT} at ${ADDRESS}`);
  });
});

describe("the verify step on a chain it cannot verify on", () => {
  /** A host whose explorer is unavailable for `reason`, and which must not be asked to verify. */
  const skippingHost = (reason: string) =>
    ({
      contractFqn: async () => CONTRACT,
      explorer: {
        unavailable: () => reason,
        verify: async () => expect.fail("asked to verify"),
        verifyProxy: async () => expect.fail("asked to link the proxy"),
        retryCommand: (address: string) => `npx hardhat verify --network bsc ${address}`,
      },
    }) as unknown as Host;

  for (const [reason, state] of [
    ["no Etherscan API key: set ETHERSCAN_API_KEY (one key serves every chain on Etherscan API V2)", "no Etherscan API key"],
    ["no explorer is configured for chain 4242 (add an etherscan.customChains entry)", "no explorer"],
    ['network "localhost" (chain 31337) is a node on this machine, and a local node has no block explorer to verify on', "no explorer"],
    ["@nomicfoundation/hardhat-verify is not in the config's plugins", "no explorer plugin"],
  ])
    it(`the chain's line and the summary name one state: ${state}`, async () => {
      const { log, summary } = await verifyOn(skippingHost(reason));
      expect(log.text()).to.include(`Verification skipped (${state}): ${reason}.`);
      expect(summary).to.equal(`skipped (${state})`);
    });
});
