// A manifest lock left by a killed run: the upgrades call is made again while it sent nothing, up to
// the bound; a call that sent something, or a lock that stays held, stops with a message that says so.
import { expect } from "chai";
import { useRootEnvironment } from "../../helpers/environment";
import fs from "fs";
import os from "os";
import path from "path";
import { Manifest } from "@openzeppelin/upgrades-core";
import { MultiAccountKitError } from "../../../../src/hardhat/errors";
import { deployMultiAccount } from "../../../../src/hardhat/internal/tasks/deploy";
import { hardhat2Host } from "../../../../src/hardhat/hardhat2/host";
import { lockAwareStack, MANIFEST_LOCK_WAIT_MS, whileManifestLocked } from "../../../../src/hardhat/internal/tasks/manifest-lock";
import type { Stack } from "../../../../src/hardhat/internal/stack/types";
import type { JournalEntry } from "../../../../src/hardhat/internal/rpc/journal";
import { until } from "../../../support/wait";
import { captureLogger } from "../../helpers/capture";

const LOCKED = "/project/.openzeppelin/chain-31337";
const LOCK = `${LOCKED}.lock`;
const held = () => Object.assign(new Error("Lock file is already being held"), { code: "ELOCKED", file: LOCKED });

function harness() {
  let clock = 0;
  const warnings: string[] = [];
  const sent: JournalEntry[] = [];
  return {
    warnings,
    sent,
    context: { log: { info: () => undefined, warn: (m: string) => warnings.push(m), error: () => undefined }, sent: () => sent },
    effects: { now: () => clock, sleep: async (ms: number) => void (clock += ms) },
    elapsed: () => clock,
  };
}

describe("the upgrades plugin's manifest lock", () => {
  it("held by a stopped run: waits, calls again, and goes on; one warning naming the lock", async () => {
    const h = harness();
    let calls = 0;
    const result = await whileManifestLocked(
      "deploying",
      async () => {
        calls += 1;
        if (calls < 4) throw held();
        return "0xproxy";
      },
      h.context,
      h.effects
    );
    expect(result).to.equal("0xproxy");
    expect(calls).to.equal(4);
    expect(h.warnings).to.have.length(1);
    expect(h.warnings[0]).to.include(`manifest lock ${LOCK} is held (deploying): waiting for it`);
  });

  it("still held after the bound: stops with a message that names the lock and what to do", async () => {
    const h = harness();
    let calls = 0;
    const failure = await whileManifestLocked(
      "upgrading",
      async () => {
        calls += 1;
        throw held();
      },
      h.context,
      h.effects
    ).catch((error: Error) => error);
    expect(failure).to.be.instanceOf(MultiAccountKitError);
    expect(failure.message).to.match(new RegExp(`manifest lock ${LOCK} is held by another run \\(upgrading; waited \\d+ s\\)\\. Let that run finish`));
    expect(h.elapsed()).to.be.at.most(MANIFEST_LOCK_WAIT_MS);
    expect(calls).to.be.greaterThan(1);
  });

  it("a call that sent a transaction before it met the lock is not called again", async () => {
    const h = harness();
    let calls = 0;
    const failure = await whileManifestLocked(
      "deploying",
      async () => {
        calls += 1;
        h.sent.push({ state: "sent" } as JournalEntry);
        throw held();
      },
      h.context,
      h.effects
    ).catch((error: Error) => error);
    expect(calls).to.equal(1);
    expect(failure.message).to.include("is held by another run (deploying; waited 0 s)");
  });

  it("any other error passes through untouched, with no wait", async () => {
    const h = harness();
    const original = new Error("insufficient funds");
    const failure = await whileManifestLocked("deploying", () => Promise.reject(original), h.context, h.effects).catch((error: unknown) => error);
    expect(failure).to.equal(original);
    expect(h.elapsed()).to.equal(0);
  });
});

describe("every stack call that reaches the upgrades manifest waits out a held lock", () => {
  const calls = [
    "validateImplementation",
    "validateUpgrade",
    "deployProxy",
    "upgradeProxy",
    "prepareUpgrade",
    "deterministicProxyCreation",
    "importProxy",
    "managedProxyAdmin",
  ] as const;
  for (const name of calls) {
    it(name, async () => {
      const h = harness();
      let attempts = 0;
      const flaky = async () => {
        attempts += 1;
        if (attempts === 1) throw held();
        return `${name} done`;
      };
      const stack = lockAwareStack({ description: "fake", [name]: flaky } as unknown as Stack, h.context, h.effects);
      const call = stack[name] as unknown as (...args: unknown[]) => Promise<string>;
      expect(await call("0xproxy", {})).to.equal(`${name} done`);
      expect(attempts).to.equal(2);
      expect(h.warnings).to.have.length(1);
    });
  }

  it("a stack without managedProxyAdmin (hardhat-upgrades 3.x and 4.x) still has none", () => {
    expect(lockAwareStack({ description: "fake" } as unknown as Stack, harness().context).managedProxyAdmin).to.equal(undefined);
  });
});

describe("a held manifest lock while the inputs are checked (in-process network)", () => {
  const env = useRootEnvironment();
  // A rerun right after a killed run: its input checks read the upgrades manifest (here the network's
  // ProxyAdmin, for --deterministic on hardhat-upgrades 1.x), and the plugin locks it even to read.
  it("deploy-multiaccount --deterministic --dry-run waits for the lock, then finishes its checks", async () => {
    const { ethers } = env.hre;
    const collateral = await (await ethers.getContractFactory("MockCollateral")).deploy(6);
    const protocol = await (await ethers.getContractFactory("MockProtocol")).deploy(collateral.address);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mak-lock-"));
    const file = path.join(dir, "addresses.json");
    fs.writeFileSync(file, JSON.stringify({ protocolAddress: protocol.address }));
    let letGo = () => undefined as void;
    const holding = (await Manifest.forNetwork(env.hre.network.provider)).lockedRun(() => new Promise<void>((resolve) => (letGo = resolve)));
    const log = captureLogger();
    const block = await ethers.provider.getBlockNumber();
    try {
      const run = deployMultiAccount(
        hardhat2Host(env.hre),
        {
          admin: (await ethers.getSigners())[5].address,
          contract: "MultiAccount",
          accountContract: "ProtocolPartyA",
          addressesFile: file,
          verify: false,
          verifyDelay: 0,
          dryRun: true,
          force: false,
          deterministic: true,
        },
        { logger: log }
      );
      // Fails here on a run that gives up on the lock instead of waiting for it.
      await Promise.race([
        until("the run to wait for the lock", () => log.text().includes("is held (reading the network's ProxyAdmin): waiting for it"), 60_000),
        run.then(() => Promise.reject(new Error(`the run ended while the lock was held:\n${log.text()}`))),
      ]);
      letGo();
      await holding;
      expect(await run).to.equal(undefined);
      expect(log.text()).to.match(/Deterministic: +proxy at 0x[0-9a-fA-F]{40} through CreateX/);
      expect(log.text()).to.include("Dry run: nothing was sent.");
      expect(await ethers.provider.getBlockNumber()).to.equal(block);
    } finally {
      letGo();
      await holding.catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
