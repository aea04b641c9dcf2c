/**
 * First paint of five screens in Chromium (issue 24 Speed, docs/performance.md
 * "First paint"): the local server with demo data (functions/local/main.ts on
 * its own port and data folder, the built SPA of WEB_DIST or web/dist), a
 * signed-in browser, then for the jobs list, a job card, a quote, the invoices
 * list and the home dashboard: time from the navigation's start to the first
 * row / first field on screen, median of RUNS loads each, and the waves of
 * API calls the screen made before it (calls started after an earlier call's
 * answer came back). Not a timed test, not part of npm test:
 *
 *   (cd web && npx vite build --outDir ../.tmp/web-mine --emptyOutDir)
 *   WEB_DIST=$PWD/.tmp/web-mine BENCH_PORT=4700 RUNS=7 npx tsx bench/first-paint.ts
 *
 * PROFILE="job card" (a screen's name) also records Chrome's CPU profile of
 * that screen's loads (DevTools Protocol `Profiler`, from the navigation to
 * the marker) and prints the functions with the most self time, summed.
 */
import { chromium, type Page } from "@playwright/test";
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";

const port = Number(process.env.BENCH_PORT ?? 4700);
const runs = Number(process.env.RUNS ?? 7);
const base = `http://localhost:${port}`;
const dataDir = `.tmp/bench-first-paint-${port}-${Date.now()}`;

async function waitFor(url: string, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

async function call<T>(token: string | null, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/api/${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Token ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

type Row = { id: number; name?: string; options?: Array<{ id: number; name: string }> };
type Found = { results: Row[] };

/** What one load measured: ms to the marker, API calls before it, and their waves. */
type Load = { ms: number; calls: number; waves: number; answered: number; scripts: number };

/**
 * Waves: calls started before any call of the current wave had answered are
 * that wave; a call started after an answer came back is the next wave.
 */
function wavesOf(calls: Array<{ start: number; end: number }>): number {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  let waves = 0;
  let i = 0;
  while (i < sorted.length) {
    waves++;
    let firstAnswer = sorted[i].end;
    i++;
    while (i < sorted.length && sorted[i].start < firstAnswer) {
      firstAnswer = Math.min(firstAnswer, sorted[i].end);
      i++;
    }
  }
  return waves;
}

async function load(page: Page, path: string, marker: Marker): Promise<Load> {
  const calls: Array<{ url: string; start: number; end: number }> = [];
  const started = new Map<unknown, { url: string; start: number }>();
  const t0 = Date.now();
  const onRequest = (r: { url: () => string }) => {
    if (r.url().includes("/api/")) started.set(r, { url: r.url(), start: Date.now() - t0 });
  };
  const onFinished = (r: { url: () => string }) => {
    const s = started.get(r);
    if (s) calls.push({ ...s, end: Date.now() - t0 });
  };
  page.on("request", onRequest);
  page.on("requestfinished", onFinished);
  await page.goto(`${base}${path}`, { waitUntil: "commit" });
  // The screen's first row / field: polled every frame, timed by the page's own clock from the navigation's start.
  const shown = await page.waitForFunction(shownAt(marker), undefined, { timeout: 60_000, polling: "raf" });
  const ms = Math.round(Number(await shown.jsonValue()));
  // Where the time went: when the last API answer and the last script before the marker had arrived (the rest is drawing).
  const [answered, scripts] = await page.evaluate<[number, number]>(`(() => {
    const all = performance.getEntriesByType("resource").filter((e) => e.startTime <= ${ms});
    const done = (e) => Math.round(Math.max(0, ...e.map((x) => x.responseEnd)));
    return [done(all.filter((e) => e.name.includes("/api/"))), done(all.filter((e) => e.name.endsWith(".js")))];
  })()`);
  const paintedAt = Date.now() - t0;
  page.off("request", onRequest);
  page.off("requestfinished", onFinished);
  const before = calls.filter((c) => c.start <= paintedAt);
  if (process.env.BENCH_DEBUG) console.log(path, before.map((c) => `${c.start}-${c.end} ${c.url.replace(/^.*\/api\//, "")}`));
  return { ms, calls: before.length, waves: wavesOf(before), answered, scripts };
}

/** What shows a screen has painted: a table of one of these names with a row of data (not its Loading or empty row), or a field showing this value. */
type Marker = { rows: string[] } | { value: string };
const rowOf = (...names: string[]): Marker => ({ rows: names });
const fieldWith = (value: string): Marker => ({ value });

/** The page expression (performance.now() once the marker shows, else false), built as text: a function passed from here would carry tsx's helpers. */
function shownAt(m: Marker): string {
  const test =
    "rows" in m
      ? `${JSON.stringify(m.rows.map((n) => `table[aria-label='${n}'] tbody tr:not(:has(td[colspan]))`).join(", "))} && document.querySelector(${JSON.stringify(m.rows.map((n) => `table[aria-label='${n}'] tbody tr:not(:has(td[colspan]))`).join(", "))})`
      : `Array.from(document.querySelectorAll("input, textarea")).some((e) => e.value === ${JSON.stringify(m.value)})`;
  return `(${test}) ? performance.now() : false`;
}

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] };

/** Chrome's sampling profile of RUNS loads of one screen (to the marker): the 25 functions with the most self time, summed over the loads. */
async function profile(page: Page, path: string, marker: Marker) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  const self = new Map<string, number>();
  const chains = new Map<string, Map<string, number>>();
  let total = 0;
  for (let i = 0; i < runs; i++) {
    await page.goto("about:blank");
    await cdp.send("Profiler.start");
    await load(page, path, marker);
    const { profile: p } = (await cdp.send("Profiler.stop")) as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } };
    const byId = new Map(p.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const nameOf = (id: number) => {
      const f = byId.get(id)!.callFrame;
      return `${f.functionName || "(anonymous)"}@${f.url.replace(/^.*\//, "").replace(/-[\w-]{8}\.js$/, "")}:${f.columnNumber + 1}`;
    };
    p.samples.forEach((id, k) => {
      const f = byId.get(id)!.callFrame;
      const at = `${f.functionName || "(anonymous)"} ${f.url.replace(/^.*\//, "")}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
      const ms = (p.timeDeltas[k + 1] ?? 0) / 1000;
      self.set(at, (self.get(at) ?? 0) + ms);
      const callers: string[] = [];
      for (let up = parent.get(id); up !== undefined && callers.length < 8; up = parent.get(up)) callers.push(nameOf(up));
      const c = chains.get(at) ?? new Map<string, number>();
      c.set(callers.join(" < "), (c.get(callers.join(" < ")) ?? 0) + ms);
      chains.set(at, c);
      total += ms;
    });
  }
  await cdp.detach();
  console.log(`\nCPU profile of ${path}, ${runs} loads: ${Math.round(total / runs)} ms sampled per load; most self time (ms per load):`);
  for (const [at, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`  ${(ms / runs).toFixed(1).padStart(6)}  ${at}`);
    // Its callers (the most frequent chain), with PROFILE_CALLERS set.
    if (process.env.PROFILE_CALLERS) console.log(`          < ${[...chains.get(at)!].sort((a, b) => b[1] - a[1])[0][0]}`);
  }
  console.log("");
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

const server = spawn(process.execPath, ["--import", "tsx", "functions/local/main.ts"], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOCAL_SIGN_IN: "true", ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}) },
  stdio: ["ignore", "ignore", "inherit"],
  detached: false,
});
try {
  await waitFor(`${base}/api/health`, 240_000);
  const { token } = await call<{ token: string }>(null, "POST", "auth/local", { email: "bench@vanco.co.uk", given_name: "Bench" });
  const get = <T>(p: string) => call<T>(token, "GET", p);
  const vehicle = (await get<Found>("vehiclesearch?search=yk23 hvb")).results[0];
  const customer = (await get<Found>("customersearch?search=acme")).results[0];
  const workshop = (await get<Found>("suppliersearch?search=midland")).results[0];
  const department = (await get<Found>("departments?page_size=1000")).results[0];
  const workType = (await get<Found>("worktype?page_size=1000")).results.find((t) => t.name === "Repair")!;
  const category = (await get<Found>("trackingcategory?page_size=1000")).results[0];
  const tracking = { id: category.options![0].id, name: category.options![0].name, category: category.id };
  const job = await call<{ id: number }>(token, "POST", "createjob", {
    vehicle: vehicle.id, customer: customer.id, workshop: workshop.id, department: department.id,
    book_in_date: "2030-01-02", workshop_date: "2030-01-03", mileage: 12000, job_description: "Front brakes and service",
    work_items: [{ key: "w1", description: "Replace front pads", work_type: workType.id, labour_hours: 1.5, supplier_tracking_option: tracking, customer_tracking_option: tracking,
      parts: [{ key: "p1", name: "Brake pads", part_number: "BP-1", supplier: workshop.id, cost: 40, to_be_ordered: true, supplier_tracking_option: tracking, customer_tracking_option: tracking }] }],
  });
  const quote = await call<{ id: number }>(token, "POST", "createquote", { vehicle: vehicle.id, customer: customer.id, department: department.id, description: "Valet before sale", provisional_start_date: "2031-07-01" });

  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
  // bypassCSP: the app's CSP forbids eval, which Playwright's waiting on a page expression uses; the app itself is unchanged.
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1366, height: 768 }, locale: "en-GB", timezoneId: "Europe/London" });
  await context.addInitScript((t) => localStorage.setItem("token", t), token);
  const screens: Array<[string, string, Marker]> = [
    ["jobs list", "/jobs?view=all", rowOf("Jobs")],
    ["job card", `/editjob/${job.id}`, fieldWith("Front brakes and service")],
    ["quote", `/editquote/${quote.id}`, fieldWith("Valet before sale")],
    ["invoices list", "/invoices", rowOf("Invoices")],
    ["home dashboard", "/", rowOf("Jobs Starting Today", "Weekly rentals calendar")],
  ];
  // One warm-up load of each (the server's first answers and the browser's script cache), not counted.
  const page = await context.newPage();
  for (const [, path, marker] of screens) await load(page, path, marker);
  console.log(`First paint at 1366x768, median of ${runs} loads (Chromium, local server with demo data)\n`);
  console.log("| screen | median ms | min | max | API calls before it | waves | last answer (median ms) | last script (median ms) |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const [name, path, marker] of screens) {
    const loads: Load[] = [];
    for (let i = 0; i < runs; i++) loads.push(await load(page, path, marker));
    if (process.env.PROFILE === name) await profile(page, path, marker);
    const ms = loads.map((l) => l.ms);
    console.log(`| ${name} | ${median(ms)} | ${Math.min(...ms)} | ${Math.max(...ms)} | ${median(loads.map((l) => l.calls))} | ${Math.max(...loads.map((l) => l.waves))} | ${median(loads.map((l) => l.answered))} | ${median(loads.map((l) => l.scripts))} |`);
  }
  await browser.close();
} finally {
  server.kill("SIGINT");
  await new Promise((r) => setTimeout(r, 1500));
  rmSync(dataDir, { recursive: true, force: true });
}
