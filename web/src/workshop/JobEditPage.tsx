import type { DepartmentRecord } from "../../../core/settings/types";
import type { VehicleAnswer } from "../../../core/fleet/types";
import type { JobContactBrief } from "../../../core/workshop/types";
import { Alert, Anchor, Badge, Button, Collapse, Fieldset, Group, Modal, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { Suspense, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { pounds, sum } from "../../../core/platform/money";
import { jobTotals, priceJobItems, type CostDefaults, type PricingContext } from "../../../core/workshop/costs";
import { job as jobDef } from "../../../core/workshop/definitions";
import { JOB_REQUIRED, MESSAGES, afterReadyForCollection, approvalRules, jobSaveRules, mileageWarning, statusChangeRules, withoutCustomer2Charges } from "../../../core/workshop/rules";
import { CustomerPicker, SupplierPicker, type ContactOption } from "../contacts/pickers";
import { VehiclePicker, inProgressFor, type InProgressItem, type PickedVehicle } from "../fleet/picker/VehiclePicker";
import { api, keys, useApiGet, useApiMutation, useList, useOne, type ApiRecord } from "../platform/api";
import { FieldInput, fieldsFrom, recordOptions, useRecordEditor, useUnsavedNotice, type FieldDef, type FormValue } from "../platform/form";
import { formatDate, formatMoney, formatNumber } from "../platform/format";
import { Loading } from "../platform/Loading";
import { confirmAction } from "../platform/modal";
import { Page } from "../platform/page";
import { toastFailure, toastWarning } from "../platform/toast";
import { approverOf, jobStatusLabel, nameOf, registrationOf, type Job } from "./jobFormat";
import { lazyPart, useAfterFirstPaint } from "../platform/lazyPart";
import { CommentsTable, type Comment } from "./selectors";
import { WorkItems, pricedWhileTyped, typedFigureRefusal, type WorkRow, type WorkType } from "./WorkItems";

const ERROR = "An error occurred!";

// The card's modals and its movements panel load when first drawn: their scripts are not part of its first paint (issue 24 Speed).
const jobModals = () => import("./JobModals");
const OpenItemsModal = lazyPart(jobModals, "OpenItemsModal");
const InstructionsModal = lazyPart(jobModals, "InstructionsModal");
const ChangeKeyModal = lazyPart(jobModals, "ChangeKeyModal");
const ImagesModal = lazyPart(jobModals, "ImagesModal");
const MileageWarning = lazyPart(jobModals, "MileageWarning");
const QuoteFromJobModal = lazyPart(jobModals, "QuoteFromJobModal");
const JobMovements = lazyPart(() => import("./movements"), "JobMovements");
/** 002 §4: edits trigger a delayed automatic save (timing not shown: ours, docs/workshop.md). */
export const AUTO_SAVE_MS = 30_000;

const choice = (v: string) => ({ value: v, label: v.replace(/_/g, " "), apiValue: v });

/** The job's fields as the card enters them: the definition's labels (core/workshop/definitions.ts), options added here. */
const FIELDS: FieldDef[] = fieldsFrom(jobDef, {
  department: { options: recordOptions("departments", (r) => r.name, { page_size: 1000 }, ERROR) },
  fitter: { options: recordOptions("fitters", (r) => r.name, { page_size: 1000 }, ERROR) },
  vehicle: { inList: false },
  customer: { inList: false },
  customer2: { inList: false },
  workshop: { inList: false },
  defect_status: { options: ["DRIVEABLE", "NOT_DRIVEABLE"].map(choice) },
  drop_off_eta: { description: "Date and time, e.g. 04/03/2030 09:30" },
  collection_eta: { description: "Date and time" },
});
const byName = new Map(FIELDS.map((f) => [f.name, f]));
const pick = (...names: string[]) => names.map((n) => byName.get(n)!).filter(Boolean);

/**
 * The fields a job save needs (002 §5, JOB_REQUIRED: the rule the server runs) drawn with the
 * required marker (issue 24 item 6); defects and enquiries skip the rule, so they show none.
 */
const REQUIRED_ON_JOB = new Map(JOB_REQUIRED.map(([f, n]) => [f, MESSAGES.missingField(n)]));
const markRequired = (fields: FieldDef[], on: boolean) => (on ? fields.map((f) => (REQUIRED_ON_JOB.has(f.name) ? { ...f, required: REQUIRED_ON_JOB.get(f.name) } : f)) : fields);

/** A panel's legend with the required marker, as FieldInput draws it (hidden from screen readers: the panel keeps its name). */
const legendOf = (legend: string, required?: boolean) =>
  required ? (
    <>
      {legend}
      <span aria-hidden style={{ color: "var(--mantine-color-error)" }}>
        {" *"}
      </span>
    </>
  ) : (
    legend
  );

const INFO = pick(
  "department",
  "fitter",
  "book_in_date",
  "workshop_date",
  "finish_date",
  "drop_off_eta",
  "collection_eta",
  "mileage",
  "expected_mileage",
  "parts_markup",
  "customer_invoice_number",
  "customer2_invoice_number",
  "workshop_invoice_number",
  "workshop_invoice_date",
  "workshop_invoice_payment_date",
  "workshop_credit_note_number",
  "vehicle_arrived",
  "wash_needed",
  "wash_complete",
  "customer_vehicle",
  "job_description",
  "history",
);
const CUSTOM = pick("custom_label_1", "custom_value_1", "custom_label_2", "custom_value_2", "custom_label_3", "custom_value_3");
/** The fields the card holds as inputs: the pickers', the job info's, the custom pairs, the defect's and the enquiry's (the rest are the server's). */
export const FORM_FIELDS = [
  ...pick("vehicle", "customer", "customer2", "workshop"),
  ...INFO,
  ...CUSTOM,
  ...pick("defect_status", "location_of_van", "enquiry_registration", "enquiry_make", "enquiry_model", "enquiry_description"),
];
const ENQUIRY = pick("enquiry_registration", "enquiry_make", "enquiry_model", "enquiry_description");
/** The job's own fields sent back as they are (the server keeps what only it writes). */
export const KEPT = ["status", "is_defect", "is_enquiry", "quote", "inspection", "defect_department", "defect_driver_name", "defect_driver_number", "defect_description"];

/** A contact as the job answers it (core/workshop/types.ts `JobContactBrief`), or as picked. */
type Contact = ContactOption & JobContactBrief;
type Vehicle = ApiRecord & VehicleAnswer;

function Fields({ fields, values, set, errors, disabled, cols = 4 }: { fields: FieldDef[]; values: Record<string, FormValue>; set: (n: string, v: FormValue) => void; errors: Record<string, string>; disabled?: boolean | ((name: string) => boolean); cols?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: cols }} spacing="sm" verticalSpacing="xs">
      {fields.map((f) => (
        <FieldInput key={f.name} field={f} value={values[f.name]} onChange={(v) => set(f.name, v)} error={errors[f.name]} disabled={typeof disabled === "function" ? disabled(f.name) : disabled} />
      ))}
    </SimpleGrid>
  );
}

/**
 * The card's plain text in plain elements styled as Mantine's Text: a Text is a Box with its style
 * props resolved on every draw, and the card draws dozens at once (issue 24 Speed, docs/performance.md "The job card").
 */
const TEXT_SM = { fontSize: "var(--mantine-font-size-sm)", lineHeight: "var(--mantine-line-height-sm)", margin: 0 } as const;
const TEXT_XS = { fontSize: "var(--mantine-font-size-xs)", lineHeight: "var(--mantine-line-height-xs)", margin: 0 } as const;
const TEXT_XS_DIMMED = { fontSize: "var(--mantine-font-size-xs)", lineHeight: "var(--mantine-line-height-xs)", color: "var(--mantine-color-dimmed)", margin: 0 } as const;

/** A contact panel (workshop, customer 1, customer 2): the typeahead and the chosen contact's details. */
function ContactPanel({ legend, kind, contact, onChange, disabled, error, removable, required }: { legend: string; kind: "CC" | "SP"; contact: Contact | null; onChange: (c: Contact | null) => void; disabled?: boolean; error?: string; removable?: boolean; required?: boolean }) {
  const [text, setText] = useState(contact?.display_name ?? "");
  useEffect(() => setText(contact?.display_name ?? ""), [contact?.id]); // eslint-disable-line react-hooks/exhaustive-deps -- the text follows a change of contact (its id) only; while typing the name must not be put back
  const Picker = kind === "SP" ? SupplierPicker : CustomerPicker;
  return (
    <Fieldset legend={legendOf(legend, required)} variant="filled" p="sm" aria-label={legend}>
      <Stack gap={4}>
        {!disabled && <Picker label={legend} search={text} onSearchChange={setText} onChange={(c) => c && onChange(c)} />}
        {error && (
          <Text size="xs" c="red" role="alert">
            {error}
          </Text>
        )}
        {contact ? (
          <>
            <Group gap="xs">
              <Anchor component={Link} to={`/editcontact/${contact.id}`} fw={600} size="sm">
                {contact.display_name}
              </Anchor>
              {removable && !disabled && (
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => onChange(null)}>
                  Remove
                </Button>
              )}
            </Group>
            <p style={TEXT_XS}>{[contact.address_line1, contact.town, contact.postcode].filter(Boolean).join(", ")}</p>
            <p style={TEXT_XS}>{[contact.company_phone, contact.company_email ?? contact.email].filter(Boolean).join(" · ")}</p>
            {contact.workshop_instructions?.text && (
              <Text size="xs" c="orange">
                Workshop instructions: {contact.workshop_instructions.text}
              </Text>
            )}
          </>
        ) : (
          <p style={TEXT_XS_DIMMED}>None chosen.</p>
        )}
      </Stack>
    </Fieldset>
  );
}

function VehiclePanel({ vehicle, onPick, disabled, error, saved, required }: { vehicle: Vehicle | null; onPick: (v: PickedVehicle | null) => void; disabled: boolean; error?: string; saved: boolean; required?: boolean }) {
  return (
    <Fieldset legend={legendOf("Vehicle", required)} variant="filled" p="sm" aria-label="Vehicle">
      <Stack gap="xs">
        {vehicle && (
          <SimpleGrid cols={{ base: 2, md: 5 }} spacing="xs" aria-label="Job vehicle">
            <p style={TEXT_SM}>
              Registration:{" "}
              <Anchor component={Link} to={`/editvehicle/${vehicle.id}`} fw={700}>
                {vehicle.registration}
              </Anchor>
            </p>
            <p style={TEXT_SM}>VIN: {vehicle.vin_number ?? ""}</p>
            <p style={TEXT_SM}>Make: {nameOf(vehicle.make, "name")}</p>
            <p style={TEXT_SM}>Model: {nameOf(vehicle.model, "name")}</p>
            <p style={TEXT_SM}>Variant: {vehicle.variant ?? ""}</p>
            {vehicle.type && typeof vehicle.type === "object" ? <p style={TEXT_SM}>Type: {nameOf(vehicle.type, "name")}</p> : null}
            <p style={TEXT_SM}>First registered: {formatDate(vehicle.first_registration_date)}</p>
            <p style={TEXT_SM}>Key: {nameOf(vehicle.key, "key_number") || "none"}</p>
            <p style={TEXT_SM}>Mileage limit: {formatNumber(vehicle.model?.mileage_limit)}</p>
          </SimpleGrid>
        )}
        {error && (
          <Text size="xs" c="red" role="alert">
            {error}
          </Text>
        )}
        {!disabled && (
          <div>
            {saved && vehicle && (
              <Text size="xs" c="dimmed">
                Change vehicle:
              </Text>
            )}
            <VehiclePicker onChange={onPick} />
          </div>
        )}
      </Stack>
    </Fieldset>
  );
}


function Figure({ label, value }: { label: string; value: number | null | undefined }) {
  return (
    <div>
      <p style={TEXT_XS_DIMMED}>{label}</p>
      <p style={{ ...TEXT_SM, fontWeight: 600 }} title={value === null || value === undefined ? "Not worked out while a figure typed is not a number" : undefined}>
        {value === null || value === undefined ? "—" : formatMoney(value)}
      </p>
    </div>
  );
}

type Refs = { workTypes: WorkType[]; departments: DepartmentRecord[]; defaults: NonNullable<CostDefaults> };

function JobForm({ record, refs, reload }: { record: Job | null; refs: Refs; reload: () => Promise<unknown> }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [vehicle, setVehicle] = useState<Vehicle | null>((record?.vehicle as Vehicle) ?? null);
  const [customer, setCustomer] = useState<Contact | null>((record?.customer as Contact) ?? null);
  const [customer2, setCustomer2] = useState<Contact | null>((record?.customer2 as Contact) ?? null);
  const [workshop, setWorkshop] = useState<Contact | null>((record?.workshop as Contact) ?? null);
  const [modal, setModal] = useState<null | { kind: "open-items"; items: InProgressItem[] } | { kind: "instructions"; text: string[] } | { kind: "key" } | { kind: "images" } | { kind: "to-quote"; from: "defect" | "enquiry" } | { kind: "mileage" } | { kind: "approve-blocked"; message: string }>(null);
  const [enquiryOpen, setEnquiryOpen] = useState(true);
  const [busy, setBusy] = useState<string | null>(null);
  const later = useAfterFirstPaint();

  // A fresh copy (after a save, a status change, a reload) brings its own contacts and vehicle.
  useEffect(() => {
    if (!record) return;
    setVehicle((record.vehicle as Vehicle) ?? null);
    setCustomer((record.customer as Contact) ?? null);
    setCustomer2((record.customer2 as Contact) ?? null);
    setWorkshop((record.workshop as Contact) ?? null);
  }, [record?.last_saved]); // eslint-disable-line react-hooks/exhaustive-deps -- the contacts and vehicle are reset from a fresh copy (its last_saved), not on every render's record object

  const isDefect = !!record?.is_defect;
  const isEnquiry = !!record?.is_enquiry;
  const approved = !!record?.approved;
  const editor = useRecordEditor({
    resource: "jobs",
    createPath: "createjob",
    editRoute: "/editjob",
    afterDelete: "/jobs",
    fields: FORM_FIELDS,
    record,
    // 002 §4: a new job's department is the first department.
    defaults: { department: refs.departments[0]?.id ?? "", status: "IN_PROGRESS" },
    what: "this job",
    confirmDelete: () => confirmAction({ title: "Delete Job", message: "Are you sure you want to delete this job? This cannot be undone.", confirmLabel: "Delete Job" }),
    lines: ["work_items", "comments_list"],
    extra: () => ({ ...Object.fromEntries(KEPT.filter((k) => record && k in record).map((k) => [k, record![k]])), ...(record ? {} : { status: "IN_PROGRESS" }) }),
    // 002 §5: the server's own job-save rules, run before sending (combined missing-fields message first).
    checkBody: (body) => {
      const refused = typedFigureRefusal((body.work_items ?? []) as WorkRow[]) ?? jobSaveRules(body);
      if (refused) toastWarning(refused.message, "Validation failed!");
      return refused;
    },
    errorMessage: ERROR,
    invalidates: ["jobstatuscount"],
    onConflict: () => void reload(),
    // 002 §5 freshness, inside the editor's one-save-at-a-time lock (issue 24 item 4: a double click
    // on Save read the copy the first click had just saved and called it edited elsewhere).
    beforeSave: async (lastSaved) => {
      try {
        if (!(await storedMatches(lastSaved))) {
          await refuseStale();
          return false;
        }
        return true;
      } catch (err) {
        toastFailure(err, ERROR);
        return false;
      }
    },
  });
  const { form, lines } = editor;
  const v = form.values;
  const items = lines.get("work_items") as WorkRow[];
  const dirty = form.dirty || lines.dirty;

  const ctx: PricingContext = useMemo(() => {
    const contacts: PricingContext["contacts"] = new Map();
    for (const c of [customer, customer2]) if (c) contacts.set(c.id, c);
    return {
      contacts,
      workTypes: new Map(refs.workTypes.map((t) => [t.id, { ...t }])),
      workshop: workshop,
      departmentName: refs.departments.find((d) => String(d.id) === String(v.department))?.name ?? null,
      defaults: refs.defaults,
    };
  }, [customer, customer2, workshop, refs, v.department]);
  // A figure typed that is not (yet) a number ('-', "1,25O.50") is kept as typed, so the save can refuse it with the
  // field's message, and the figures worked out from it are blank until it is a number (issue 24 item 10).
  const priced = (next: WorkRow[], c = ctx, c2: unknown = customer2?.id ?? null) =>
    pricedWhileTyped(next, (items) => priceJobItems({ customer: customer?.id ?? null, customer2: c2, parts_markup: v.parts_markup === "" ? null : v.parts_markup, work_items: items }, c) as WorkRow[]);
  const setItems = (next: WorkRow[]) => lines.set("work_items", priced(next));
  // Cost toggles (002 §4): a change of customer, workshop or department reprices the items.
  const firstCtx = useRef(true);
  useEffect(() => {
    if (firstCtx.current) {
      firstCtx.current = false;
      return;
    }
    if (items.length) lines.set("work_items", priced(withoutCustomer2Charges(items, customer2?.id ?? null)));
  }, [ctx]); // eslint-disable-line react-hooks/exhaustive-deps -- the work items are repriced when the pricing context changes, not when the items themselves are edited

  // While a figure is not (yet) a number the summary shows no totals (issue 24 item 10: "1,25O.50" with a
  // letter O was shown as the totals worked out from the "1" typed before it): a dash until it is a number.
  const figuresPending = !!typedFigureRefusal(items);
  const totals = figuresPending ? null : jobTotals({ customer2: customer2?.id ?? null, work_items: items });
  const lockedAll = isDefect || isEnquiry || approved;
  const addBlocked = lockedAll || items.some((w) => w.invoice_approved);

  // 'Warning: Data not yet saved!' stays until a save succeeds (002 §4, §9: never auto-closes).
  useUnsavedNotice(dirty, "Save the job to keep your changes.");

  /** 002 §5 freshness: the stored last_saved must be the loaded one, to the millisecond (docs/decisions.md "Freshness"; the server checks the same). */
  const storedMatches = async (lastSaved: string | null): Promise<boolean> => {
    if (!record) return true;
    const stored = await api<Job>("GET", `jobs/${record.id}`);
    return Date.parse(String(stored.last_saved)) === Date.parse(String(lastSaved));
  };

  /** 002 §5: a copy saved elsewhere is not sent: the message, then the latest copy. */
  const refuseStale = async () => {
    toastWarning(MESSAGES.edited);
    await reload();
  };

  const save = async (e?: FormEvent) => {
    e?.preventDefault();
    const saved = await editor.save();
    // 002 §5: the server answers mileage_warning; the same rule on the screen's copy of the vehicle.
    if (saved && (saved.mileage_warning === true || mileageWarning(v.mileage, vehicle?.model?.mileage_limit))) setModal({ kind: "mileage" });
  };

  // The delayed automatic save (002 §4): only while the stored last_saved still matches (a copy saved
  // elsewhere stops it, with the manual save's message and reload), and only when the rules pass.
  const autoSave = useRef<() => Promise<void>>(async () => undefined);
  autoSave.current = async () => {
    if (!record || isDefect || approved || !dirty || editor.saving) return;
    if (jobSaveRules(editor.body())) return;
    await editor.save();
  };
  const editStamp = JSON.stringify([v, items, lines.get("comments_list")]);
  useEffect(() => {
    if (!dirty || !record) return;
    const t = setTimeout(() => void autoSave.current(), AUTO_SAVE_MS);
    return () => clearTimeout(t);
  }, [editStamp, dirty, record]);

  // The job card's own writes beside its save: the answer is the job as stored, put straight into the cache; the lists and counts are fetched again.
  type JobWrite = { id: number; body: Record<string, unknown> };
  const jobWrite = { send: (w: JobWrite) => w.body, invalidates: ["jobstatuscount"] };
  const statusWrite = useApiMutation<JobWrite, Job>("PUT", (w) => `jobs/returned/${w.id}`, { ...jobWrite, errorMessage: MESSAGES.statusChange });
  const approveWrite = useApiMutation<JobWrite, Job>("POST", (w) => `jobs/approve/${w.id}`, { ...jobWrite, errorMessage: MESSAGES.approve });
  const turnWrite = useApiMutation<JobWrite, Job>("PUT", (w) => `jobs/${w.id}`, { ...jobWrite, errorMessage: ERROR });
  const takeResult = (updated: Job) => {
    qc.setQueryData(keys.one("jobs", String(updated.id)), updated);
    void qc.invalidateQueries({ queryKey: keys.lists("jobs") });
  };

  const changeStatus = async (to: string) => {
    if (!record) return;
    const refused = statusChangeRules(record, to);
    if (refused) return toastWarning(refused.message);
    setBusy(to);
    try {
      const updated = await statusWrite.mutateAsync({ id: record.id, body: { ...editor.body(), status: to, last_saved: record.last_saved } });
      takeResult(updated);
      if (to === "READY_FOR_COLLECTION") {
        const after = afterReadyForCollection([customer, customer2], (updated.vehicle) ?? vehicle);
        if (after.workshop_instructions.length) setModal({ kind: "instructions", text: after.workshop_instructions });
        else if (after.change_key) setModal({ kind: "key" });
      }
    } catch {
      /* the query client has shown the server's message */
    } finally {
      setBusy(null);
    }
  };

  const approveNow = async () => {
    if (!record || !(await (await jobModals()).confirmApprove())) return;
    setBusy("approve");
    try {
      const updated = await approveWrite.mutateAsync({ id: record.id, body: { ...editor.body(), last_saved: record.last_saved } });
      takeResult(updated);
    } catch {
      /* the query client has shown the server's message */
    } finally {
      setBusy(null);
    }
  };

  /** Approve Job (002 §4, §5): the approval rules first, then the vehicle's other open jobs and quotes, then the confirmation. */
  const approve = async () => {
    if (!record) return;
    const refused = approvalRules({ ...record, ...editor.body() });
    if (refused) {
      toastWarning(refused.message);
      if (refused.errors.mileage) setModal({ kind: "approve-blocked", message: "You cannot approve this job until you specify a mileage!" });
      else if (refused.errors.inspection) setModal({ kind: "approve-blocked", message: "New inspection dates must be specified before this job can be approved." });
      return;
    }
    const vehicleId = vehicle?.id;
    const others = vehicleId ? (await inProgressFor(vehicleId)).filter((i) => !(i.itemType === "job" && i.id === record.id)) : [];
    if (others.length) setModal({ kind: "open-items", items: others });
    else await approveNow();
  };

  const turnIntoJob = async () => {
    if (!record) return;
    setBusy("turn");
    try {
      const updated = await turnWrite.mutateAsync({ id: record.id, body: { ...editor.body(), is_defect: false, is_enquiry: false, last_saved: record.last_saved } });
      takeResult(updated);
    } catch {
      /* the query client has shown the server's message */
    } finally {
      setBusy(null);
    }
  };

  const pickVehicle = async (picked: PickedVehicle | null) => {
    if (!picked) return;
    try {
      const full = await api<Vehicle>("GET", `vehicles/${picked.id}`);
      setVehicle(full);
      form.set("vehicle", String(full.id));
    } catch (err) {
      toastFailure(err, ERROR);
    }
  };
  const setContact = (field: "customer" | "customer2" | "workshop", c: Contact | null) => {
    ({ customer: setCustomer, customer2: setCustomer2, workshop: setWorkshop })[field](c);
    form.set(field, c ? String(c.id) : "");
  };

  const err = form.errors;
  // 002 §5: a job (not a defect nor an enquiry) needs these fields to be saved: they carry the marker.
  const needs = !isDefect && !isEnquiry;
  const status = String(record?.status ?? "IN_PROGRESS");
  const saved = !!record;
  const normal = saved && !isDefect && !isEnquiry;

  return (
    <form ref={form.formRef} onSubmit={(e) => void save(e)} noValidate aria-label="Job">
      <Stack gap="sm">
        {editor.warning && (
          <Alert color="yellow" title="Validation failed!" role="alert">
            {editor.warning}
          </Alert>
        )}
        {/* Summary box (002 §2): estimated and actual totals, custom label/value pairs, status, approver, Save. */}
        <Paper withBorder p="sm" aria-label="Summary" component="section">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
            <SimpleGrid cols={{ base: 3, md: 6 }} spacing="md" aria-label="Totals">
              <Figure label="Estimated Labour" value={totals?.estimated_labour_charge_total} />
              <Figure label="Estimated Parts" value={totals?.estimated_parts_charge_total} />
              <Figure label="Estimated Total" value={totals ? pounds(sum(totals.estimated_labour_charge_total, totals.estimated_parts_charge_total)) : null} />
              <Figure label="Actual Labour" value={totals?.labour_charge_total} />
              <Figure label="Actual Parts" value={totals?.parts_charge_total} />
              <Figure label="Actual Total" value={totals?.total_charge} />
              <Figure label="Labour Cost" value={totals?.labour_cost_total} />
              <Figure label="Parts Cost" value={totals?.parts_cost_total} />
              <Figure label="Total Cost" value={totals?.total_cost} />
            </SimpleGrid>
            <Stack gap={4} align="flex-end">
              <Group gap="xs">
                <Badge size="lg" color={approved ? "green" : isDefect ? "orange" : "blue"} aria-label="Job status">
                  {approved ? "APPROVED" : record ? jobStatusLabel(record) : "NEW"}
                </Badge>
                {record?.quote ? <Badge variant="light">Quote {nameOf(record.quote, "id")}</Badge> : null}
              </Group>
              {approved && <Text size="sm">Approved by: {approverOf(record)}</Text>}
              <Button type="submit" loading={editor.saving}>
                Save
              </Button>
            </Stack>
          </Group>
          <Stack gap={4} mt="xs">
            <Fields fields={CUSTOM} values={v} set={form.set} errors={err} disabled={lockedAll} cols={6} />
          </Stack>
        </Paper>

        <VehiclePanel vehicle={vehicle} onPick={(p) => void pickVehicle(p)} disabled={lockedAll} error={err.vehicle} saved={saved} required={needs} />

        {isDefect && record && (
          <Fieldset legend="Defect Information" variant="filled" p="sm" aria-label="Defect Information">
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
              <Text size="sm">Department: {record.defect_department ?? ""}</Text>
              <Text size="sm">Driver: {record.defect_driver_name ?? ""}</Text>
              <Text size="sm">Driver number: {record.defect_driver_number ?? ""}</Text>
              <Text size="sm">Reported by: {[record.defect_creator?.first_name, record.defect_creator?.last_name].filter(Boolean).join(" ")}</Text>
              <Text size="sm">Mileage: {formatNumber(record.mileage)}</Text>
            </SimpleGrid>
            <Text size="sm" mt="xs" style={{ whiteSpace: "pre-wrap" }} aria-label="Defect description">
              {record.defect_description ?? ""}
            </Text>
            <Fields fields={pick("defect_status", "location_of_van")} values={v} set={form.set} errors={err} disabled={approved} />
          </Fieldset>
        )}

        {(isEnquiry || v.enquiry_description || v.enquiry_registration) && (
          <Fieldset legend="Part Enquiry Details" variant="filled" p="sm">
            <Button size="compact-xs" variant="subtle" onClick={() => setEnquiryOpen((o) => !o)} aria-expanded={enquiryOpen}>
              {enquiryOpen ? "Hide enquiry details" : "Show enquiry details"}
            </Button>
            <Collapse expanded={enquiryOpen}>
              <Fields fields={ENQUIRY} values={v} set={form.set} errors={err} disabled={!isEnquiry || approved} />
            </Collapse>
          </Fieldset>
        )}

        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
          <ContactPanel legend="Workshop" kind="SP" contact={workshop} onChange={(c) => setContact("workshop", c)} disabled={lockedAll} error={err.workshop} required={needs} />
          <ContactPanel legend="Customer" kind="CC" contact={customer} onChange={(c) => setContact("customer", c)} disabled={lockedAll} error={err.customer} required={needs} />
          <ContactPanel legend="Customer 2" kind="CC" contact={customer2} onChange={(c) => setContact("customer2", c)} disabled={lockedAll} removable />
        </SimpleGrid>

        <Fieldset legend="Job Info" variant="filled" p="sm" aria-label="Job Info">
          <Stack gap="sm">
            <Fields fields={markRequired(INFO, needs)} values={v} set={form.set} errors={err} disabled={lockedAll} />
            <CommentsTable comments={lines.get("comments_list") as Comment[]} onChange={(c) => lines.set("comments_list", c)} disabled={approved} />
          </Stack>
        </Fieldset>

        {/* Below the fold at 1366x768: drawn the frame after the card's first paint (issue 24 Speed). */}
        {later ? <WorkItems items={items} onChange={setItems} workTypes={refs.workTypes} hasCustomer2={!!customer2} readOnly={lockedAll} addBlocked={addBlocked} errors={err} /> : <Loading />}

        {/* 002 §2: the movements table only for saved jobs that are not defects or enquiries (GET movement?job=). */}
        {normal && later && (
          <Paper withBorder p="sm" component="section" aria-label="Movements">
            <Suspense fallback={<Loading />}>
            <JobMovements
              jobId={record.id}
              disabled={approved}
              start={{
                customer: customer ? { id: customer.id, display_name: customer.display_name, movement_markup: typeof customer.movement_markup === "number" ? customer.movement_markup : null } : null,
                department: v.department ? Number(v.department) : null,
                vehicle_used: vehicle ? { id: vehicle.id, registration: String(vehicle.registration) } : null,
              }}
            />
            </Suspense>
          </Paper>
        )}

        {saved && (
        <Paper withBorder p="sm" aria-label="Job actions" component="section">
          <Group gap="xs" justify="flex-end">
            {normal && !approved && status === "IN_PROGRESS" && (
              <Button variant="light" loading={busy === "RETURNED_FROM_WORKSHOP"} onClick={() => void changeStatus("RETURNED_FROM_WORKSHOP")}>
                Returned From Workshop
              </Button>
            )}
            {normal && !approved && status === "RETURNED_FROM_WORKSHOP" && (
              <Button variant="light" loading={busy === "READY_FOR_COLLECTION"} onClick={() => void changeStatus("READY_FOR_COLLECTION")}>
                Ready For Collection
              </Button>
            )}
            {normal && !approved && status === "READY_FOR_COLLECTION" && (
              <Button variant="light" loading={busy === "COLLECTED"} onClick={() => void changeStatus("COLLECTED")}>
                Mark As Collected
              </Button>
            )}
            {normal && !approved && (status === "READY_FOR_COLLECTION" || status === "COLLECTED") && (
              <Button color="green" loading={busy === "approve"} onClick={() => void approve()}>
                Approve Job
              </Button>
            )}
            {(isDefect || isEnquiry) && (
              <Button color="orange" loading={busy === "turn"} onClick={() => void turnIntoJob()}>
                Turn Into Job
              </Button>
            )}
            {isDefect && !record?.quote && (
              <Button variant="light" onClick={() => setModal({ kind: "to-quote", from: "defect" })}>
                Turn Into Quote
              </Button>
            )}
            {isEnquiry && !record?.quote && (
              <Button variant="light" onClick={() => setModal({ kind: "to-quote", from: "enquiry" })}>
                Turn Into Quote
              </Button>
            )}
            {record?.quote ? (
              <Button variant="light" component={Link} to={`/editquote/${nameOf(record.quote, "id")}`}>
                Go To Quote
              </Button>
            ) : null}
            {saved && (
              <Button variant="default" onClick={() => setModal({ kind: "images" })}>
                Show Attached Images{record?.image_count !== undefined ? ` (${record.image_count})` : ""}
              </Button>
            )}
            {normal && (
              <>
                <Button variant="default" component={Link} to={`/printjob/${record.id}`}>
                  Print Workshop Job Sheet
                </Button>
                <Button variant="default" component={Link} to={`/printjob/${record.id}?sheet=checkin`}>
                  Print Vehicle Check-In Sheet
                </Button>
              </>
            )}
            {saved && !approved && (
              <Button color="red" variant="light" loading={editor.deleting} onClick={() => void editor.del()}>
                Delete Job
              </Button>
            )}
          </Group>
        </Paper>
        )}
      </Stack>

      <Suspense fallback={null}>
      {modal?.kind === "open-items" && (
        <OpenItemsModal
          items={modal.items}
          onClose={() => setModal(null)}
          onContinue={() => {
            setModal(null);
            void approveNow();
          }}
        />
      )}
      {modal?.kind === "approve-blocked" && (
        <Modal opened onClose={() => setModal(null)} title="Cannot approve" centered>
          <Text size="sm">{modal.message}</Text>
          <Group justify="flex-end" mt="md">
            <Button onClick={() => setModal(null)}>OK</Button>
          </Group>
        </Modal>
      )}
      {modal?.kind === "instructions" && (
        <InstructionsModal
          instructions={modal.text}
          onClose={() => {
            const keyless = afterReadyForCollection([], vehicle).change_key;
            setModal(keyless ? { kind: "key" } : null);
          }}
        />
      )}
      {modal?.kind === "key" && vehicle && <ChangeKeyModal vehicle={vehicle as { id: number; registration?: string }} onClose={() => setModal(null)} />}
      {modal?.kind === "images" && record && <ImagesModal owner={{ job: record.id }} onClose={() => setModal(null)} />}
      {modal?.kind === "mileage" && <MileageWarning mileage={v.mileage} limit={vehicle?.model?.mileage_limit} onClose={() => setModal(null)} />}
      {modal?.kind === "to-quote" && record && <QuoteFromJobModal job={record} kind={modal.from} onClose={() => setModal(null)} onDone={(id) => navigate(`/editquote/${id}`)} />}
      </Suspense>
    </form>
  );
}

/** /editjob/{id}; no id: a new job (002 §2 Job card). */
export function JobEditPage() {
  const { job: id } = useParams();
  const q = useOne<Job>("jobs", id ?? null, { errorMessage: ERROR });
  const workTypes = useList<WorkType & ApiRecord>("worktype", { page_size: 1000 }, { errorMessage: ERROR });
  const departments = useList<DepartmentRecord>("departments", { page_size: 1000 }, { errorMessage: ERROR });
  const defaults = useApiGet<NonNullable<CostDefaults>>("appdefaults", undefined, { errorMessage: ERROR });
  const loading = (id && q.isLoading) || workTypes.isLoading || departments.isLoading || defaults.isLoading;
  const title = id ? `Job - ${q.data ? registrationOf(q.data) || q.data.id : ""}` : "Job - New";
  const refs = useMemo<Refs>(
    () => ({ workTypes: (workTypes.data?.results ?? []), departments: departments.data?.results ?? [], defaults: defaults.data ?? {} }),
    [workTypes.data, departments.data, defaults.data],
  );
  return (
    <Page title={title} actions={<Anchor component={Link} to="/jobs">Jobs</Anchor>}>
      {loading ? (
        <Loading />
      ) : id && !q.data ? (
        <Text c="red">This job could not be loaded.</Text>
      ) : (
        <JobForm key={id ?? "new"} record={id ? q.data! : null} refs={refs} reload={() => q.refetch()} />
      )}
    </Page>
  );
}
