// Gas benchmark: MultiAccount against the common design (contracts/bench), measured in the same run
// on the in-process Hardhat network, with the issue's absolute targets checked.
import hre from "hardhat";
import type { Contract, ContractFactory, ContractReceipt, ContractTransaction } from "ethers";
import ProxyAdminArtifact from "@openzeppelin/upgrades-core/artifacts/@openzeppelin/contracts/proxy/transparent/ProxyAdmin.sol/ProxyAdmin.json";
import TransparentUpgradeableProxyArtifact from "@openzeppelin/upgrades-core/artifacts/@openzeppelin/contracts/proxy/transparent/TransparentUpgradeableProxy.sol/TransparentUpgradeableProxy.json";

const { ethers } = hre;

/** Targets from the issue, and the figures it quotes for the common design. */
export const TARGETS = { addAccount: 280_000, deployment: 4_600_000 } as const;
export const ISSUE_BASELINE = { addAccount: 984_000, deployment: 6_612_000 } as const;

interface Design {
  label: string;
  multiAccount: string;
  account: string;
}

const OURS: Design = { label: "ours", multiAccount: "MultiAccount", account: "ProtocolPartyA" };
const BASELINE: Design = { label: "baseline", multiAccount: "BaselineMultiAccount", account: "BaselineAccount" };

const ROWS = [
  "deploy: implementation",
  "deploy: ProxyAdmin",
  "deploy: proxy + initialize",
  "deploy: total",
  "addAccount (user's first)",
  "addAccount (user's later)",
  "editAccountName",
  "depositForAccount",
  "withdrawFromAccount",
  "_call (one call, other(uint256))",
] as const;
type Row = (typeof ROWS)[number];
type Figures = Record<Row, number>;

async function gasOf(pending: Promise<ContractTransaction> | ContractTransaction): Promise<number> {
  const receipt: ContractReceipt = await (await pending).wait();
  return receipt.gasUsed.toNumber();
}

async function deployedGas(factory: ContractFactory, args: unknown[] = []): Promise<[Contract, number]> {
  const contract = await factory.deploy(...args);
  const receipt = await contract.deployTransaction.wait();
  return [contract, receipt.gasUsed.toNumber()];
}

/**
 * Deploys one design the way the upgrades plugin does (implementation, ProxyAdmin, then a
 * TransparentUpgradeableProxy that calls initialize), each piece explicitly so that every receipt
 * is read, then runs each user action once.
 */
async function measure(design: Design, protocol: Contract, collateral: Contract): Promise<Figures> {
  const [admin, alice] = await ethers.getSigners();
  const figures = {} as Figures;

  const implementationFactory = await ethers.getContractFactory(design.multiAccount);
  const accountBytecode = (await ethers.getContractFactory(design.account)).bytecode;
  const proxyAdminFactory = await ethers.getContractFactory(ProxyAdminArtifact.abi, ProxyAdminArtifact.bytecode);
  const proxyFactory = await ethers.getContractFactory(TransparentUpgradeableProxyArtifact.abi, TransparentUpgradeableProxyArtifact.bytecode);

  const [implementation, implementationGas] = await deployedGas(implementationFactory);
  const [proxyAdmin, proxyAdminGas] = await deployedGas(proxyAdminFactory);
  const initData = implementationFactory.interface.encodeFunctionData("initialize", [admin.address, protocol.address, accountBytecode]);
  const [proxy, proxyGas] = await deployedGas(proxyFactory, [implementation.address, proxyAdmin.address, initData]);
  figures["deploy: implementation"] = implementationGas;
  figures["deploy: ProxyAdmin"] = proxyAdminGas;
  figures["deploy: proxy + initialize"] = proxyGas;
  figures["deploy: total"] = implementationGas + proxyAdminGas + proxyGas;

  const multiAccount = implementationFactory.attach(proxy.address);
  const asAlice = multiAccount.connect(alice);
  figures["addAccount (user's first)"] = await gasOf(asAlice.addAccount("main"));
  figures["addAccount (user's later)"] = await gasOf(asAlice.addAccount("second"));

  const [account] = await accountsOf(multiAccount, alice.address);
  figures["editAccountName"] = await gasOf(asAlice.editAccountName(account, "renamed"));

  const amount = ethers.utils.parseUnits("1000", await collateral.decimals());
  await collateral.mint(alice.address, amount);
  await collateral.connect(alice).approve(multiAccount.address, amount);
  figures["depositForAccount"] = await gasOf(asAlice.depositForAccount(account, amount));
  figures["withdrawFromAccount"] = await gasOf(asAlice.withdrawFromAccount(account, amount.div(2)));
  figures["_call (one call, other(uint256))"] = await gasOf(asAlice._call(account, [protocol.interface.encodeFunctionData("other", [7])]));
  return figures;
}

/** A user's accounts in creation order, from the AddAccount logs (both designs emit the same event). */
async function accountsOf(multiAccount: Contract, user: string): Promise<string[]> {
  const logs = await multiAccount.queryFilter(multiAccount.filters.AddAccount(user));
  return logs.map((log) => log.args?.account as string);
}

function formatGas(gas: number): string {
  return gas.toLocaleString("en-US");
}

function printTable(ours: Figures, baseline: Figures): void {
  const header = ["step", "ours", "baseline", "ours/baseline"];
  const lines = ROWS.map((row) => [row, formatGas(ours[row]), formatGas(baseline[row]), `${((100 * ours[row]) / baseline[row]).toFixed(1)}%`]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i].length)));
  const render = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  console.log(render(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const line of lines) console.log(render(line));
}

function printTargets(ours: Figures, baseline: Figures): void {
  const addAccount = Math.max(ours["addAccount (user's first)"], ours["addAccount (user's later)"]);
  const checks: [string, number, number, number, number][] = [
    ["addAccount (worst case)", addAccount, TARGETS.addAccount, ISSUE_BASELINE.addAccount, baseline["addAccount (user's first)"]],
    ["deployment total", ours["deploy: total"], TARGETS.deployment, ISSUE_BASELINE.deployment, baseline["deploy: total"]],
  ];
  console.log("");
  for (const [name, value, target, issueFigure, measured] of checks) {
    const verdict = value <= target ? "PASS" : "FAIL";
    console.log(
      `${verdict}  ${name}: ${formatGas(value)} <= ${formatGas(target)} ` +
        `(${((100 * value) / issueFigure).toFixed(1)}% of the issue's ${formatGas(issueFigure)}, ` +
        `${((100 * value) / measured).toFixed(1)}% of the baseline measured here)`
    );
  }
}

export async function benchGas(): Promise<void> {
  await hre.run("compile", { quiet: true });
  const collateral = await (await ethers.getContractFactory("MockCollateral")).deploy(6);
  const protocol = await (await ethers.getContractFactory("MockProtocol")).deploy(collateral.address);
  const ours = await measure(OURS, protocol, collateral);
  const baseline = await measure(BASELINE, protocol, collateral);

  const { hardfork } = hre.network.config as { hardfork?: string };
  const { solidity } = hre.config;
  const compiler = solidity.compilers[0];
  console.log(
    `Gas used on the in-process network (${hre.network.name}${hardfork ? `, hardfork ${hardfork}` : ""}), ` +
      `solc ${compiler.version}, optimizer ${JSON.stringify(compiler.settings.optimizer)}, ` +
      `evmVersion ${compiler.settings.evmVersion}. Baseline: contracts/bench (bytecode in storage, ` +
      `AccessControl accounts).`
  );
  console.log("");
  printTable(ours, baseline);
  printTargets(ours, baseline);
}

if (require.main === module) {
  benchGas().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
