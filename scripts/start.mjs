// npm start: the whole product on this machine (see README).
import { spawn } from "node:child_process";
import { ensureDependencies, ensureJava, ensureWebBuild, root } from "./setup.mjs";

ensureDependencies();
ensureJava();
ensureWebBuild();
const child = spawn(process.execPath, ["--import", "tsx", "functions/local/main.ts"], { cwd: root, stdio: "inherit" });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
