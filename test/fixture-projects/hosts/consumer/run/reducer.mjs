// The notifications entry (and the React one) through `import`.
import * as kit from "multiaccount-kit/notifications";
import * as react from "multiaccount-kit/notifications/react";
import scenario from "./scenario.cjs";

console.log(
  JSON.stringify({
    resolved: [import.meta.resolve("multiaccount-kit/notifications"), import.meta.resolve("multiaccount-kit/notifications/react")],
    exports: Object.keys(kit).sort(),
    reactExports: Object.keys(react).sort(),
    result: scenario(kit),
  })
);
