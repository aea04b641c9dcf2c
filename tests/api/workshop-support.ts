import { client } from "../support/api.js";
import { company, fleetReference, ok, van } from "./fleet-support.js";

type Api = ReturnType<typeof client>;

/** Reference data a job card points at: the fleet's, plus work types, tracking options, a workshop and priced customers. */
export async function workshopReference(api: Api) {
  const fleet = await fleetReference(api);
  const service = await ok(api.post("worktype", { name: "Service", special_labour_rate: 65 }));
  const tyres = await ok(api.post("worktype", { name: "Tyres" }));
  const warranty = await ok(api.post("worktype", { name: "Warranty", free_of_charge: true, approval_needed: true }));
  const category = await ok(api.post("createtrackingcategory", { name: "Region", status: "ACTIVE", options: [{ name: "North", status: "ACTIVE" }, { name: "South", status: "ACTIVE" }] }));
  const [north, south] = category.options.map((o: { id: number; name: string }) => ({ id: o.id, name: o.name, category: category.id }));
  const lcv = await ok(api.post("createdepartment", { name: "LCV Centre" }));
  const workshop = await ok(api.post("contacts", { ...company("Fast Fit Garage", "SP"), supplier_labour_charge: 50, lcv_rate: 42, labour_rate_affected_by_customer_markup: true, job_tab: true }));
  const outside = await ok(api.post("contacts", { ...company("Outside Motors", "SP"), supplier_labour_charge: 30 }));
  const acme = await ok(api.post("contacts", { ...company("Acme Hire", "CC"), labour_rate_markup: 10, parts_markup: 20, workshop_instructions: { text: "Ring before collection", on_completion: true } }));
  const bobs = await ok(api.post("contacts", { ...company("Bobs Buses", "CC"), labour_rate_markup: 0, parts_markup: 50 }));
  const partsCo = await ok(api.post("contacts", company("Parts Direct", "SP")));
  const defaults = await ok(api.get("appdefaults"));
  await ok(api.put("appdefaults", { default_labour_estimate_rate: 40, default_parts_markup: 25, last_saved: defaults.last_saved }));
  return { ...fleet, service, tyres, warranty, north, south, lcv, workshop, outside, acme, bobs, partsCo };
}

export type WorkshopRef = Awaited<ReturnType<typeof workshopReference>>;

export const newVan = async (api: Api, ref: WorkshopRef, extra: Record<string, unknown> = {}) =>
  ok(api.post("createvehicle", van({ make: ref.ford.id, model: ref.transit.id, type: ref.l1.id, ...extra })));

/** A part as the job card sends it. */
export const part = (ref: WorkshopRef, extra: Record<string, unknown> = {}) => ({
  name: "Brake pads",
  part_number: "BP-100",
  supplier: ref.partsCo.id,
  cost: 100,
  supplier_tracking_option: ref.north,
  customer_tracking_option: ref.south,
  to_be_ordered: true,
  ...extra,
});

/** A work item as the job card sends it. */
export const item = (ref: WorkshopRef, extra: Record<string, unknown> = {}) => ({
  description: "Full service",
  work_type: ref.service.id,
  labour_hours: 2,
  supplier_tracking_option: ref.north,
  customer_tracking_option: ref.south,
  parts: [],
  ...extra,
});

/** A complete job body. */
export const jobBody = (ref: WorkshopRef, vehicle: number, extra: Record<string, unknown> = {}) => ({
  vehicle,
  customer: ref.acme.id,
  workshop: ref.workshop.id,
  department: ref.hire.id,
  book_in_date: "2030-03-01",
  workshop_date: "2030-03-02",
  job_description: "Annual service",
  work_items: [item(ref, { parts: [part(ref)] })],
  ...extra,
});
