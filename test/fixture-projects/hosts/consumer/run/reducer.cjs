// The notifications entry (and the React one) through `require`.
const kit = require("multiaccount-kit/notifications");
const react = require("multiaccount-kit/notifications/react");
const scenario = require("./scenario.cjs");

const own = (module) =>
  Object.keys(module)
    .filter((key) => key !== "__esModule")
    .sort();
console.log(
  JSON.stringify({
    resolved: [require.resolve("multiaccount-kit/notifications"), require.resolve("multiaccount-kit/notifications/react")],
    exports: own(kit),
    reactExports: own(react),
    result: scenario(kit),
  })
);
