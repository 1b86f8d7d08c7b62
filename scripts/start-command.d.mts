// Types for start-command.mjs (imported by the tests).
export interface StartCommand {
  env: Record<string, string>;
  nodeArgs: string[];
  script: string;
}
export function startCommand(root?: string): StartCommand;
export function imageCommand(root?: string): StartCommand;
export const imageOnly: { nodeArgs: string[]; env: string[] };
