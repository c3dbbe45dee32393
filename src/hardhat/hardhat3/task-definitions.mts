// The plugin's Hardhat 3 tasks, built from the shared table (internal/tasks/definitions.ts). Each
// action is a lazy import: none of the task logic loads until a task runs.
import { task } from "hardhat/config";
import { ArgumentType } from "hardhat/types/arguments";
import type { LazyActionObject, NewTaskActionFunction, NewTaskDefinition, NewTaskDefinitionBuilder } from "hardhat/types/tasks";
import {
  ADDRESSES_SHOW_TASK,
  DEPLOY_TASK,
  HANDOVER_TASK,
  STAND_IN_TASK,
  UPGRADE_TASK,
  type TaskArgs,
  type TaskDefinition,
} from "../internal/tasks/definitions.js";

/** What a Hardhat 3 action receives: a seconds option comes as a string (read it with secondsOption). */
export type Hardhat3TaskArgs<T extends TaskDefinition> = TaskArgs<T, string>;

function hardhat3Task<T extends TaskDefinition>(definition: T, action: LazyActionObject<NewTaskActionFunction<Hardhat3TaskArgs<T>>>): NewTaskDefinition {
  let builder: NewTaskDefinitionBuilder = task(definition.name, definition.description);
  for (const { name, description, kind } of definition.options) {
    builder =
      kind === "flag"
        ? builder.addFlag({ name, description })
        : // Optional without a default: Hardhat 3 gives such an option as a string, or undefined.
          builder.addOption({ name, description, type: ArgumentType.STRING_WITHOUT_DEFAULT, defaultValue: undefined });
  }
  return (builder as NewTaskDefinitionBuilder<Hardhat3TaskArgs<T>>).setAction(action).build();
}

export const hardhat3Tasks: NewTaskDefinition[] = [
  hardhat3Task(DEPLOY_TASK, () => import("./tasks/deploy.mjs")),
  hardhat3Task(UPGRADE_TASK, () => import("./tasks/upgrade.mjs")),
  hardhat3Task(ADDRESSES_SHOW_TASK, () => import("./tasks/addresses.mjs")),
  hardhat3Task(STAND_IN_TASK, () => import("./tasks/stand-in.mjs")),
  hardhat3Task(HANDOVER_TASK, () => import("./tasks/handover.mjs")),
];
