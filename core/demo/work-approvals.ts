import * as S from "../settings/index.js";
import { Contact } from "../contacts/index.js";
import { Vehicle } from "../fleet/index.js";
import { addDays, todayInLondon } from "../platform/dates.js";
import { Jobs } from "../workshop/all.js";
import { WorkApprovals } from "../accounts/index.js";

type Rec = Record<string, any>;
const staff = { email: "demo-data", given_name: "Demo", family_name: "Data" };

/**
 * Demo job cards for Workshop Expenses (/po) and Workshop Invoicing
 * (/invoicing), so each view has rows: a live job (Current, and Approval
 * Needed for its insurance item), an approved job with one expense approved
 * (Approved on /po, Current on /invoicing), one made ready (Ready To
 * Invoice) and one invoiced (Approved), each through the same calls staff
 * make.
 */
export async function seedWorkApprovals() {
  const today = todayInLondon();
  const byName = (rows: Rec[], f: string) => new Map(rows.map((r) => [r[f], r.id as number]));
  const contacts = byName(await Contact.all(), "display_name");
  const vehicles = (await Vehicle.all()) as Rec[];
  const types = byName(await S.WorkType.all(), "name");
  const depts = byName(await S.Department.all(), "name");
  const nominals = byName(await S.NominalCode.all(), "code");
  const [category] = (await S.TrackingCategory.all()) as Rec[];
  const option = { id: category.options[0].id, name: category.options[0].name, category: category.id };
  const workshop = contacts.get("Midland Commercial Repairs") ?? [...contacts.values()][0];
  const customer = contacts.get("Acme Builders Ltd")!;
  const vans = vehicles.filter((v) => v.vehicle_status === "ACTIVE");
  const item = (description: string, type: string, hours: number, parts: Rec[] = []) => ({
    description, work_type: types.get(type), labour_hours: hours, supplier_tracking_option: option, customer_tracking_option: option, parts,
  });
  const part = (name: string, cost: number) => ({ name, part_number: name.slice(0, 3).toUpperCase() + "-1", supplier: workshop, cost, from_stock: true, supplier_tracking_option: option, customer_tracking_option: option });
  const job = (n: number, items: Rec[], daysAgo: number) =>
    Jobs.create(
      {
        vehicle: vans[n % vans.length].id, customer, workshop, department: depts.get("DIRECT VAN HIRE"),
        book_in_date: addDays(today, -daysAgo - 1), workshop_date: addDays(today, -daysAgo), job_description: "Demo job card", work_items: items,
      },
      staff,
    );
  const approve = async (j: Rec) => {
    let s = await Jobs.changeStatus(j.id, { status: "RETURNED_FROM_WORKSHOP", last_saved: j.last_saved }, staff);
    s = await Jobs.changeStatus(j.id, { status: "READY_FOR_COLLECTION", last_saved: s.last_saved }, staff);
    return Jobs.approve(j.id, { last_saved: s.last_saved, mileage: 25000 }, staff);
  };
  const sales = nominals.get("201");
  const purchases = nominals.get("320");
  const items = async (id: number) => (await WorkApprovals.list({ type: "invoice", job: id, page: 1, page_size: 100 })).results;

  // Live: Current and Approval Needed on /po.
  await job(0, [item("Annual service", "Service", 3, [part("Oil filter", 12.5)]), item("Windscreen replacement", "Insurance Work", 2)], 1);

  // Approved, one expense approved.
  const b = await approve(await job(1, [item("Brake pads front", "Repair", 1.5, [part("Brake pads", 48)]), item("Tyre change", "Repair", 1)], 4));
  const [bw] = await items(b.id);
  await WorkApprovals.approve(
    [{ id: bw.id, last_saved: bw.last_saved, po_approved: true, supplier_nominal_code: purchases, workshop_invoice_number: "MCR-1042", workshop_invoice_date: addDays(today, -3), job_workshop_payment_date: addDays(today, 27), parts: bw.parts.map((p: Rec) => ({ id: p.id, supplier_nominal_code: purchases })) }],
    staff,
  );

  // Approved and ready to invoice.
  const c = await approve(await job(2, [item("Clutch replacement", "Repair", 5)], 6));
  await WorkApprovals.readyToApprove((await items(c.id)).map((w: Rec) => ({ id: w.id, last_saved: w.last_saved })), staff);

  // Invoiced.
  const d = await approve(await job(3, [item("MOT preparation", "Service", 2, [part("Wiper blades", 18)])], 8));
  await WorkApprovals.readyToApprove((await items(d.id)).map((w: Rec) => ({ id: w.id, last_saved: w.last_saved })), staff);
  await WorkApprovals.approve(
    (await items(d.id)).map((w: Rec) => ({ id: w.id, last_saved: w.last_saved, invoice_approved: true, customer_nominal_code: sales, parts: w.parts.map((p: Rec) => ({ id: p.id, customer_nominal_code: sales })) })),
    staff,
  );
}
