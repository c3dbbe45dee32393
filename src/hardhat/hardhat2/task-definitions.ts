// Registers a task of the shared table (internal/tasks/definitions.ts) with Hardhat 2.
import { task, types } from "hardhat/config";
import type { ActionType } from "hardhat/types";
import type { TaskArgs, TaskDefinition } from "../internal/tasks/definitions";

export function defineHardhat2Task<T extends TaskDefinition>(definition: T, action: ActionType<TaskArgs<T>>): void {
  const builder = task(definition.name, definition.description);
  for (const option of definition.options) {
    if (option.kind === "flag") builder.addFlag(option.name, option.description);
    else builder.addOptionalParam(option.name, option.description, undefined, option.kind === "seconds" ? types.float : types.string);
  }
  builder.setAction(action);
}
