#!/usr/bin/env node
// `npx multiaccount-kit-mock-hedger --port 8090`: runs the mock hedger until interrupted.
import { startMockHedger } from "./hedger";

const USAGE = `Usage: multiaccount-kit-mock-hedger [--port 8090] [--host 127.0.0.1] [--base-path /api]
                                    [--socket-path /ws/position-state-ws3] [--static DIR]
                                    [--shape real|strict] [--emit-every MS] [--account 0x...]

Serves POST {base}/position-state/{start}/{size} and the notification WebSocket.
Control it over HTTP:
  POST /__mock/emit    {"account": "0x..", "notification": {...}}  store and push one notification
  POST /__mock/record  {"account": "0x..", "notification": {...}}  store only (sent while "away")
  POST /__mock/instant {"account": "0x..", "notification": {...}}  an instant order: its temporary frame, then its id
  POST /__mock/drop                                               cut every WebSocket
  POST /__mock/down    {"ms": 3000}                               go down, come back after ms
--shape strict sends amounts as strings or null and no optional field (default: as real hedgers send).
--emit-every MS (with --account) pushes a generated notification to that account every MS
(every fourth an instant order: its temporary frame, then the frame with its id).`;

function parse(argv: string[]): Record<string, string> {
  // No prototype: an option named like an Object.prototype member must read as what was passed.
  const args: Record<string, string> = Object.create(null) as Record<string, string>;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--help" || arg === "-h") {
      console.log(USAGE);
      process.exit(0);
    }
    if (!arg.startsWith("--") || i + 1 >= argv.length) {
      console.error(`Unexpected argument "${arg}".\n\n${USAGE}`);
      process.exit(2);
    }
    args[arg.slice(2)] = argv[++i];
  }
  return args;
}

async function main() {
  const args = parse(process.argv.slice(2));
  const port = Number(args.port ?? 8090);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a port number, got "${args.port}".`);
    process.exit(2);
  }
  if (args.shape !== undefined && args.shape !== "real" && args.shape !== "strict") {
    console.error(`--shape must be real or strict, got "${args.shape}".`);
    process.exit(2);
  }
  const hedger = await startMockHedger({
    port,
    host: args.host,
    basePath: args["base-path"],
    socketPath: args["socket-path"],
    staticDir: args.static,
    shape: args.shape as "real" | "strict" | undefined,
    log: (line) => console.log(`[mock-hedger] ${line}`),
  });
  console.log(`[mock-hedger] REST  ${hedger.baseUrl}/position-state/{start}/{size}`);
  console.log(`[mock-hedger] WS    ${hedger.socketUrl}`);
  if (args["emit-every"] !== undefined) {
    const every = Number(args["emit-every"]);
    if (!(every > 0) || args.account === undefined) {
      console.error(`--emit-every needs a positive number of ms and --account.`);
      process.exit(2);
    }
    let emitted = 0;
    setInterval(() => {
      if (++emitted % 4 === 0) hedger.emitInstant(args.account).confirm();
      else hedger.emit(args.account);
    }, every);
  }
  const stop = () => void hedger.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
