import type { SSTConfig } from "sst";
import { Api } from "./stacks/Api";
import { Cron } from "./stacks/Cron";
import { Database } from "./stacks/Database";
import { Secrets } from "./stacks/Secrets";
import { Storage } from "./stacks/Storage";
import { Web } from "./stacks/Web";

export default {
  config() {
    return { name: "van-backoffice", region: "eu-west-2" };
  },
  stacks(app) {
    // sst 2.49.6 defaults Lambdas to nodejs22.x: pin the runtime we test on.
    app.setDefaultFunctionProps({ runtime: "nodejs20.x" });
    // Keep data when a prod stage is removed; other stages clean up after themselves.
    app.setDefaultRemovalPolicy(app.stage === "prod" ? "retain" : "destroy");

    app.stack(Database).stack(Storage).stack(Secrets).stack(Api).stack(Cron).stack(Web);
  },
} satisfies SSTConfig;
