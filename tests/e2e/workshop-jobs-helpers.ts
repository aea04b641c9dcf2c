import { expect, type APIRequestContext, type Page } from "@playwright/test";

/** Calls of the jobs API as the signed-in browser makes them (to set up what a test starts from). */
export async function apiOf(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const headers = { authorization: `Token ${token}` };
  const req: APIRequestContext = page.request;
  const get = async (path: string) => {
    const res = await req.get(`/api/${path}`, { headers });
    expect(res.ok(), `GET ${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
    return res.json();
  };
  const send = async (method: "post" | "put", path: string, data: unknown, status?: number) => {
    const res = await req[method](`/api/${path}`, { headers, data });
    if (status) expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(status);
    else expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
    return res.json();
  };
  return { headers, get, post: (p: string, d: unknown, s?: number) => send("post", p, d, s), put: (p: string, d: unknown, s?: number) => send("put", p, d, s) };
}

export type JobsApi = Awaited<ReturnType<typeof apiOf>>;

/** Reference records of the demo data a job needs. */
export async function refsOf(api: JobsApi, registration: string) {
  const vehicle = (await api.get(`vehiclesearch?search=${encodeURIComponent(registration)}`)).results[0];
  const customer = (await api.get("customersearch?search=acme")).results[0];
  const workshop = (await api.get("suppliersearch?search=midland")).results[0];
  const department = (await api.get("departments?page_size=1000")).results[0];
  const workType = (await api.get("worktype?page_size=1000")).results.find((t: { name: string }) => t.name === "Repair");
  const categories = (await api.get("trackingcategory?page_size=1000")).results;
  const option = categories[0].options[0];
  const tracking = { id: option.id, name: option.name, category: categories[0].id };
  return { vehicle, customer, workshop, department, workType, tracking };
}

/** A saved job with one work item and one part (what the status and print tests start from). */
export async function makeJob(api: JobsApi, refs: Awaited<ReturnType<typeof refsOf>>, extra: Record<string, unknown> = {}) {
  return api.post("createjob", {
    vehicle: refs.vehicle.id,
    customer: refs.customer.id,
    workshop: refs.workshop.id,
    department: refs.department.id,
    book_in_date: "2030-01-02",
    workshop_date: "2030-01-03",
    mileage: 12000,
    job_description: "Front brakes and service",
    work_items: [
      {
        key: "w1",
        description: "Replace front pads",
        work_type: refs.workType.id,
        labour_hours: 1.5,
        supplier_tracking_option: refs.tracking,
        customer_tracking_option: refs.tracking,
        parts: [{ key: "p1", name: "Brake pads", part_number: "BP-1", supplier: refs.workshop.id, cost: 40, to_be_ordered: true, supplier_tracking_option: refs.tracking, customer_tracking_option: refs.tracking }],
      },
    ],
    ...extra,
  });
}
