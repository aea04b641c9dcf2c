// npm run props -- --steps 10000 [--seed 123]: the money property tests
// (tests/api/money-properties.test.ts) for as many steps as asked, against
// DynamoDB Local (vitest's global set-up starts it). Prints the seed; the
// same --seed replays the same sequences.
import { spawn } from "node:child_process";

const args = process.argv.slice(2);
const arg = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const env = { ...process.env, FC_STEPS: arg("steps") ?? "10000" };
if (arg("seed")) env.FC_SEED = arg("seed");
const child = spawn("npx", ["vitest", "run", "tests/api/money-properties.test.ts"], { stdio: "inherit", env });
child.on("exit", (code) => process.exit(code ?? 1));
