// Which of Hardhat 3's build profiles a task compiles with, said in a line. A deployment builds with
// "production" (as Ignition's deploy and hardhat-verify do) unless `--build-profile` names another,
// and a project whose config gives "default" and "production" their own settings (as the config
// `npx hardhat --init` writes does) would otherwise see a change to "default" have no effect.

/** A resolved profile's compilers, as much of them as the line needs. */
export interface ProfileLike {
  compilers: readonly { version: string; settings?: { optimizer?: { enabled?: boolean; runs?: number }; evmVersion?: string; viaIR?: boolean } }[];
}

/** The settings that change the bytecode, in a few words: "solc 0.8.24, optimizer 200 runs, evm paris". */
export function profileSettings(profile: ProfileLike): string {
  return profile.compilers
    .map(({ version, settings = {} }) => {
      const optimizer = settings.optimizer?.enabled ? `optimizer ${settings.optimizer.runs ?? 200} runs` : "optimizer off";
      const evm = settings.evmVersion === undefined ? "" : `, evm ${settings.evmVersion}`;
      return `solc ${version}, ${optimizer}${evm}${settings.viaIR ? ", via IR" : ""}`;
    })
    .join("; ");
}

/**
 * "Build profile:  production (solc 0.8.24, optimizer 200 runs)", and when the project's "default"
 * profile builds otherwise, what it has and how to build with it.
 */
export function describeBuildProfile(name: string, profiles: Readonly<Record<string, ProfileLike>>, chosenByFlag: boolean): string {
  const profile = profiles[name];
  if (profile === undefined) return `Build profile:  ${name}`;
  const line = `Build profile:  ${name} (${profileSettings(profile)})${chosenByFlag ? ", from --build-profile" : ""}`;
  const other = name === "production" ? profiles.default : undefined;
  if (other === undefined || profileSettings(other) === profileSettings(profile)) return line;
  return `${line}; your "default" profile differs (${profileSettings(other)}): pass --build-profile default to build with it`;
}
