// `--networks all` on this repository's Hardhat 2 project, whose networks come from configFromEnv:
// the operator's chains only. Hardhat's localhost and the chains left at their default public URLs
// are not, so that a project with its own PRIVATE_KEY never runs on a node it did not name.
import { expect } from "chai";
import { configuredNetworks } from "../../../src/hardhat/hardhat2/every-chain";
import { selectNetworks } from "../../../src/hardhat/internal/tasks/every-chain/networks";
import { useRootEnvironment } from "../helpers/environment";

const URL_VARIABLES = ["LOCALHOST_RPC_URL", "BSC_RPC_URL", "BASE_RPC_URL", "HARDHAT_DOCKER_URL"];

describe("--networks all on a configFromEnv project (Hardhat 2)", () => {
  const env = useRootEnvironment();
  let saved: Record<string, string | undefined>;
  beforeEach(() => {
    saved = Object.fromEntries(URL_VARIABLES.map((name) => [name, process.env[name]]));
    for (const name of URL_VARIABLES) delete process.env[name];
  });
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it("with no RPC URL set, selects nothing and says to set one, though every chain has a default URL", () => {
    const configured = configuredNetworks(env.hre);
    expect(configured.find((network) => network.name === "localhost")).to.include({ url: "http://127.0.0.1:8545", chosen: false });
    expect(configured.find((network) => network.name === "bsc")?.url, "bsc's default public URL").to.match(/^https:/);
    expect(() => selectNetworks("all", configured)).to.throw(/--networks all found no network whose JSON-RPC URL this project sets/);
  });

  it("selects exactly the chains whose URL the environment sets, localhost among them only when LOCALHOST_RPC_URL is set", () => {
    process.env.BSC_RPC_URL = "https://bsc.example/v1/key";
    process.env.BASE_RPC_URL = "https://base.example";
    expect(selectNetworks("all", configuredNetworks(env.hre)).map((network) => network.name)).to.deep.equal(["bsc", "base"]);
    process.env.LOCALHOST_RPC_URL = "http://127.0.0.1:8545";
    expect(selectNetworks("all", configuredNetworks(env.hre)).map((network) => network.name)).to.include.members(["localhost", "bsc", "base"]);
  });
});
