// ESLint flat config. `npm run lint` runs it with --max-warnings 0, then the format check (`prettier --check .`).
// TypeScript files get typescript-eslint's recommended type-aware rules, from the two programs the
// repository already type-checks (tsconfig.json: CommonJS sources, tests, scripts, examples;
// tsconfig.hardhat3.json: the Hardhat 3 entry's .mts files).
import path from "node:path";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import commentsPlugin from "@eslint-community/eslint-plugin-eslint-comments/configs";
import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig(
  globalIgnores([
    "**/node_modules/",
    "dist/",
    "build/",
    "artifacts/",
    "cache/",
    "typechain-types/",
    "coverage/",
    "output/",
    "test-output/",
    "examples/*/dist/",
    "test/fixture-projects/*/artifacts/",
    "test/fixture-projects/*/cache/",
    "test/fixture-projects/*/output/",
    // The host projects are separate projects with their own dependencies, installed outside this
    // repository by the tests. Only their Hardhat configs are linted, without type information.
    "test/fixture-projects/hosts/**",
    "!test/fixture-projects/hosts/**/",
    "!test/fixture-projects/hosts/**/hardhat*.config.ts",
  ]),
  { linterOptions: { reportUnusedDisableDirectives: "error" } },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  commentsPlugin.recommended,
  {
    files: ["**/*.{ts,tsx,mts}"],
    languageOptions: {
      // `npm test` (scripts/test/checks.cjs) hands over the two programs it has just type-checked.
      parserOptions: globalThis.multiaccountKitPrograms
        ? { programs: globalThis.multiaccountKitPrograms }
        : { project: ["./tsconfig.json", "./tsconfig.hardhat3.json"], tsconfigRootDir: root },
    },
  },
  {
    rules: {
      // Every eslint-disable comment says why, after `--`.
      "@eslint-community/eslint-comments/require-description": ["error", { ignore: ["eslint-enable"] }],
      // Off: ethers 5 contracts (every contract function is `any` on `Contract`), chai's matchers and
      // Hardhat's runtime are `any`-typed. These five reported about 640 places, nearly all of them
      // contract calls in tests and scripts; the fix would be casts everywhere, not safer code.
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      // Off: async functions that implement a Promise-returning interface (Hardhat 3 hooks, stack
      // parts, test doubles) need not await anything; the promise rules below catch the real bugs.
      "@typescript-eslint/require-await": "off",
      // Off: it flags functions destructured from modules whose types use method syntax, and tests
      // that compare a method's identity; nothing here passes `this`-dependent methods around.
      "@typescript-eslint/unbound-method": "off",
      // Off: `String(value ?? "")` on unknown error fields and parsed JSON is deliberate (any text
      // is better than none in an error message); the rule cannot tell.
      "@typescript-eslint/no-base-to-string": "off",
      // `const { dropped, ...rest } = value` is the idiom for omitting a key.
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true }],
    },
  },
  {
    // A function longer than a screen is doing more than one job: split it by role. Counted from its
    // first line to its last, blank lines, comments and nested closures included.
    files: ["src/**/*.{ts,tsx,mts,js,cjs,mjs}"],
    rules: { "max-lines-per-function": ["error", { max: 60, skipBlankLines: false, skipComments: false, IIFEs: true }] },
  },
  {
    // Plain JavaScript (configs, the build script, a helper preloaded into child processes) and the
    // host projects' configs (their packages are not installed here): no type information.
    files: ["**/*.{js,cjs,mjs}", "test/fixture-projects/hosts/**"],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { parserOptions: { programs: null } },
  },
  {
    files: ["**/*.{js,cjs}"],
    languageOptions: { sourceType: "commonjs", globals: globals.node },
    // CommonJS files: `require` is how they import.
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    files: ["**/*.mjs"],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["src/notifications/react/**/*.{ts,tsx}", "test/**/*.tsx"],
    extends: [reactHooks.configs.flat["recommended-latest"]],
  }
);
