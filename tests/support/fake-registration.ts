import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Fakes of the DVLA Vehicle Enquiry Service and the DVSA MOT History API
 * (issue 25; docs/compliance.md "Fakes"), one node http server on a free
 * port (or REG_FAKE_PORT) playing both, as the services document them:
 *
 * - DVLA: `POST /dvla/v1/vehicles` with `x-api-key` and
 *   `{"registrationNumber"}`; the test environment's registrations: AA19AAA,
 *   AA19MOT (found), ER19BAD 400, ER19NFD 404, ER19THR 429 (Retry-After),
 *   ER19ERR 500, ER19MNT 503.
 * - DVSA: `POST /dvsa/token` (client credentials, form-encoded, scope
 *   https://tapi.dvsa.gov.uk/.default) then `GET
 *   /dvsa/v1/trade/vehicles/registration/{reg}` with `Authorization: Bearer`
 *   and `X-API-Key`; 404 for a registration it does not hold.
 *
 * Tests change answers (`fake.dvla.set`, `fake.dvsa.set`) and make the
 * next calls fail (`fake.failAfter`). Control calls for the browser tests'
 * server: `POST /fake/dvla/{reg}`, `POST /fake/dvsa/{reg}` (the answer),
 * `GET /fake/requests`.
 */

export const FAKE_KEYS = { dvlaKey: "fake-dvla-key", dvsaKey: "fake-dvsa-key", clientId: "fake-client", clientSecret: "fake-secret" };

/** The DVLA test environment's AA19AAA, as its documentation shows the answer's fields. */
export const AA19AAA_DVLA = {
  registrationNumber: "AA19AAA",
  taxStatus: "Taxed",
  taxDueDate: "2026-12-01",
  motStatus: "Valid",
  motExpiryDate: "2026-12-10",
  make: "FORD",
  colour: "WHITE",
  fuelType: "DIESEL",
  engineCapacity: 1995,
  yearOfManufacture: 2019,
  monthOfFirstRegistration: "2019-03",
  monthOfFirstDvlaRegistration: "2019-03",
  co2Emissions: 178,
  euroStatus: "EURO 6",
  realDrivingEmissions: "1",
  typeApproval: "N1",
  revenueWeight: 3200,
  markedForExport: false,
  dateOfLastV5CIssued: "2023-05-20",
  wheelplan: "2 AXLE RIGID BODY",
};

export const AA19AAA_DVSA = {
  registration: "AA19AAA",
  make: "FORD",
  model: "TRANSIT CUSTOM",
  primaryColour: "White",
  fuelType: "Diesel",
  firstUsedDate: "2019-03-01",
  registrationDate: "2019-03-01",
  manufactureDate: "2019-02-15",
  engineSize: "1995",
  motTests: [
    {
      completedDate: "2025-12-05T10:12:00.000Z",
      testResult: "PASSED",
      expiryDate: "2026-12-10",
      odometerValue: "61234",
      odometerUnit: "MI",
      odometerResultType: "READ",
      motTestNumber: "5551 2345 6789".replace(/ /g, ""),
      defects: [
        { text: "Nearside Front Tyre worn close to legal limit (5.2.3 (e))", type: "ADVISORY", dangerous: false },
        { text: "Offside Front Brake pad(s) wearing thin (1.1.13 (a) (ii))", type: "ADVISORY", dangerous: false },
      ],
    },
    {
      completedDate: "2024-12-02T09:00:00.000Z",
      testResult: "PASSED",
      expiryDate: "2025-12-10",
      odometerValue: "45210",
      odometerUnit: "MI",
      odometerResultType: "READ",
      motTestNumber: "555100001111",
      defects: [],
    },
    {
      completedDate: "2023-12-01T09:00:00.000Z",
      testResult: "FAILED",
      expiryDate: null,
      odometerValue: "30110",
      odometerUnit: "MI",
      odometerResultType: "READ",
      motTestNumber: "555100000001",
      defects: [{ text: "Nearside Headlamp aim too high (4.1.2 (a))", type: "MAJOR", dangerous: false }],
    },
  ],
};

/** AA19MOT: the test environment's vehicle whose MOT has run out. */
export const AA19MOT_DVLA = { ...AA19AAA_DVLA, registrationNumber: "AA19MOT", make: "VAUXHALL", colour: "SILVER", motStatus: "Not valid", motExpiryDate: "2025-10-01", taxStatus: "Untaxed", taxDueDate: "2025-09-01" };
export const AA19MOT_DVSA = {
  ...AA19AAA_DVSA,
  registration: "AA19MOT",
  make: "VAUXHALL",
  model: "VIVARO",
  motTests: [{ ...AA19AAA_DVSA.motTests[1], motTestNumber: "777100000001", completedDate: "2024-09-20T09:00:00.000Z", expiryDate: "2025-10-01", odometerValue: "88000" }],
};

const DVLA_ERRORS: Record<string, number> = { ER19BAD: 400, ER19NFD: 404, ER19THR: 429, ER19ERR: 500, ER19MNT: 503 };

export type FakeRequest = { service: "dvla" | "dvsa" | "token"; method: string; path: string; registration: string | null; headers: Record<string, string | string[] | undefined>; body: string };

export type FakeRegistrationOptions = { port?: number; host?: string };

export type FakeRegistration = Awaited<ReturnType<typeof startFakeRegistration>>;

export async function startFakeRegistration(options: FakeRegistrationOptions = {}) {
  const dvla = new Map<string, unknown>([
    ["AA19AAA", AA19AAA_DVLA],
    ["AA19MOT", AA19MOT_DVLA],
  ]);
  const dvsa = new Map<string, unknown>([
    ["AA19AAA", AA19AAA_DVSA],
    ["AA19MOT", AA19MOT_DVSA],
  ]);
  const requests: FakeRequest[] = [];
  /** After `after` more calls to the service succeed, the next `times` answer `status`. */
  let failing: { service: "dvla" | "dvsa"; after: number; times: number; status: number; retryAfter?: number } | null = null;
  let tokensIssued = 0;

  const read = (req: IncomingMessage) =>
    new Promise<string>((ok) => {
      let s = "";
      req.on("data", (c: Buffer) => (s += c.toString()));
      req.on("end", () => ok(s));
    });
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };
  const failNow = (service: "dvla" | "dvsa", res: ServerResponse): boolean => {
    if (!failing || failing.service !== service) return false;
    if (failing.after > 0) {
      failing.after--;
      return false;
    }
    const f = failing;
    if (--failing.times <= 0) failing = null;
    send(res, f.status, { message: f.status === 429 ? "Too many requests" : "Internal error" }, f.status === 429 ? { "retry-after": String(f.retryAfter ?? 60) } : {});
    return true;
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const body = await read(req);
      const path = url.pathname;
      // Control calls (the browser tests' server).
      if (path === "/fake/requests") return send(res, 200, requests);
      const control = path.match(/^\/fake\/(dvla|dvsa)\/([A-Z0-9]+)$/i);
      if (control && req.method === "POST") {
        (control[1] === "dvla" ? dvla : dvsa).set(control[2].toUpperCase(), JSON.parse(body));
        return send(res, 200, { ok: true });
      }
      if (path === "/dvla/v1/vehicles" && req.method === "POST") {
        let reg = "";
        try {
          reg = String((JSON.parse(body) as { registrationNumber?: unknown }).registrationNumber ?? "").replace(/\s/g, "").toUpperCase();
        } catch {
          /* an unreadable body: 400 below */
        }
        requests.push({ service: "dvla", method: "POST", path, registration: reg, headers: req.headers, body });
        if (req.headers["x-api-key"] !== FAKE_KEYS.dvlaKey) return send(res, 403, { message: "Forbidden" });
        if (!reg) return send(res, 400, { errors: [{ status: "400", code: "ENQ103", title: "Bad Request", detail: "Invalid format for field - vehicle registration number" }] });
        if (failNow("dvla", res)) return;
        const error = DVLA_ERRORS[reg];
        if (error) return send(res, error, { errors: [{ status: String(error), title: "Error" }] }, error === 429 ? { "retry-after": "30" } : {});
        const found = dvla.get(reg);
        return found ? send(res, 200, found) : send(res, 404, { errors: [{ status: "404", code: "404", title: "Vehicle Not Found", detail: "Record for vehicle not found" }] });
      }
      if (path === "/dvsa/token" && req.method === "POST") {
        requests.push({ service: "token", method: "POST", path, registration: null, headers: req.headers, body });
        const form = new URLSearchParams(body);
        if (form.get("grant_type") !== "client_credentials" || form.get("client_id") !== FAKE_KEYS.clientId || form.get("client_secret") !== FAKE_KEYS.clientSecret || form.get("scope") !== "https://tapi.dvsa.gov.uk/.default")
          return send(res, 401, { error: "invalid_client" });
        tokensIssued++;
        return send(res, 200, { token_type: "Bearer", expires_in: 3599, access_token: `fake-token-${tokensIssued}` });
      }
      const mot = path.match(/^\/dvsa\/v1\/trade\/vehicles\/registration\/([^/]+)$/);
      if (mot && req.method === "GET") {
        const reg = decodeURIComponent(mot[1]).replace(/\s/g, "").toUpperCase();
        requests.push({ service: "dvsa", method: "GET", path, registration: reg, headers: req.headers, body });
        if (!/^Bearer fake-token-\d+$/.test(String(req.headers.authorization ?? ""))) return send(res, 401, { errorCode: "MOTH-UA-01", errorMessage: "Your authorisation failed" });
        if (req.headers["x-api-key"] !== FAKE_KEYS.dvsaKey) return send(res, 403, { errorCode: "MOTH-FB-03", errorMessage: "The API key sent with the request is not recognised" });
        if (failNow("dvsa", res)) return;
        if (reg === "ER19THR") return send(res, 429, { errorCode: "MOTH-RL-02", errorMessage: "Too many requests" }, { "retry-after": "30" });
        const found = dvsa.get(reg);
        return found ? send(res, 200, found) : send(res, 404, { errorCode: "MOTH-NF-01", errorMessage: "The vehicle requested has not been found" });
      }
      send(res, 404, { message: "No such route" });
    })();
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((ok) => server.listen(options.port ?? 0, host, ok));
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  return {
    url,
    requests,
    dvla,
    dvsa,
    get tokensIssued() {
      return tokensIssued;
    },
    /** The next `times` calls to a service, after `after` good ones, answer `status` (429 with Retry-After). */
    failAfter(service: "dvla" | "dvsa", after: number, status: number, { times = 1, retryAfter }: { times?: number; retryAfter?: number } = {}) {
      failing = { service, after, times, status, retryAfter };
    },
    clearFailures() {
      failing = null;
    },
    /** The environment that points the product at this fake. */
    env(): Record<string, string> {
      return {
        DVLA_VES_URL: `${url}/dvla`,
        DVLA_API_KEY: FAKE_KEYS.dvlaKey,
        DVSA_TOKEN_URL: `${url}/dvsa/token`,
        DVSA_CLIENT_ID: FAKE_KEYS.clientId,
        DVSA_CLIENT_SECRET: FAKE_KEYS.clientSecret,
        DVSA_MOT_URL: `${url}/dvsa`,
        DVSA_API_KEY: FAKE_KEYS.dvsaKey,
      };
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
