import { Anchor, Badge, Button, Collapse, Fieldset, Group, Modal, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useState } from "react";
import { Link, useParams } from "react-router-dom";
import { checkVehicle, hireRates, isHireReady, orderedPurchasePrice } from "../../../../core/fleet/rules";
import { ValidationError } from "../../../../core/platform/errors";
import { AgreementsSection, type Agreement } from "../../agreements/AgreementsSection";
import { ContactRefInput } from "../../contacts/pickers";
import { api, useApiGet, useApiMutation, useList, useOne, type ApiRecord } from "../../platform/api";
import { FormWarning, DateField, fieldAsOf, type FieldDef, FieldInput, FormSection, recordOptions, useRecordEditor } from "../../platform/form";
import { SectionErrorBoundary } from "../../platform/ErrorBoundary";
import { formatMoney, todayIso } from "../../platform/format";
import { HistoryButton } from "../../platform/history";
import { Loading } from "../../platform/Loading";
import { confirmAction } from "../../platform/modal";
import { Page } from "../../platform/page";
import { TRACKING_OPTIONS_QUERY } from "../../settings/trackingOptions";
import { toastFailure } from "../../platform/toast";
import {
  ALL_FIELDS,
  CAP,
  CONTACT_REFS,
  FEATURES,
  GENERAL,
  KEYS,
  ORDERING,
  RATES,
  REGISTRATION_DETAILS,
  STATUS_BLOCK,
  STATUS_LABELS,
  TAX_SERVICE_INSURANCE,
  WARRANTY_DATES,
} from "./fields";
import { ImagesSection } from "./ImagesSection";
import { InspectionsSection, checkInspections, type InspectionRow } from "./InspectionsSection";
import { InProgressButton, RentalRecord, ServiceRecord } from "./Records";
import type { PickedVehicle } from "../picker/VehiclePicker";
import { TrackerSection } from "./TrackerSection";
import type { Source } from "../../../../core/fleet/registration-rules";
import { SourceBadge } from "../shared/registration";
import { LookupButton } from "./LookupModal";
import { MotHistorySection } from "./MotHistorySection";
import { ProfitSection } from "./ProfitSection";

const STATUS_REMINDER = "Make sure if any preparation needs to be done, the right job card has been raised.";
const LOAD_FAILED = "There was an error";

/** Warranty end colouring (000 §4): none when absent; danger under 1 day; warning within 30; success beyond. */
export function warrantyColour(end: string | null | undefined, today = todayIso()): string | null {
  if (!end) return null;
  const days = (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000;
  return days < 1 ? "red" : days <= 30 ? "yellow" : "green";
}

function VehicleForm({ record }: { record: ApiRecord | null }) {
  const [capOpen, { toggle: toggleCap }] = useDisclosure(false);
  const [pendingStatus, setPendingStatus] = useState<string | null>(null);
  const [fleetModal, fleetModalCtl] = useDisclosure(false);
  const [fleetDate, setFleetDate] = useState(todayIso());
  // Where each looked-up value came from (issue 25): shown beside the field until the screen is left.
  const [sources, setSources] = useState<Record<string, Source>>({});
  // Clear key: no 'Data saved successfully.' toast (the key's field empties); the vehicle and the keys are fetched again.
  const clearKey = useApiMutation<{ vehicle: number; spare: boolean }>("PUT", "vehicles/clearkey", { resource: "vehicles", invalidates: ["keys"], silent: true, errorMessage: "There was an error" });
  const types = useList<ApiRecord>("vehicletype", { page_size: 100 });
  const defaults = useApiGet<ApiRecord>("appdefaults");

  const editor = useRecordEditor({
    resource: "vehicles",
    createPath: "createvehicle",
    editRoute: "/editvehicle",
    afterDelete: "/vehicles",
    fields: ALL_FIELDS,
    record,
    defaults: { vehicle_status: "ACTIVE" },
    what: "this vehicle",
    errorMessage: LOAD_FAILED,
    invalidates: ["keys", "vehicletracker", "vehicleinspections", "inspections"],
    confirmDelete: () =>
      confirmAction({ title: "Are you sure?", message: "This cannot be undone: the vehicle and its associated data (inspections, images, key and tracker links) are deleted too.", confirmLabel: "Delete Vehicle" }),
    // Lines of the vehicle (core/platform/lines.ts), held and reset with its fields.
    lines: ["finance_agreements", "inspections"],
    // 000 §5 'before sending': the server does the same.
    transform: (body) => {
      const out = { ...body };
      if (out.type === null && types.data?.results[0]) out.type = types.data.results[0].id;
      const rate = out.annual_depreciation_rate as number | null;
      if ((rate === null || rate > 100) && defaults.data?.default_depreciation != null) out.annual_depreciation_rate = defaults.data.default_depreciation;
      return out;
    },
    // Save rules 1-4 of 000 §5, in order, from core/ (the server runs the same).
    checkBody: (body) => {
      try {
        checkVehicle(body);
        // Then each inspection row, as the server checks them.
        return checkInspections((body.inspections as InspectionRow[] | undefined) ?? []);
      } catch (e) {
        if (e instanceof ValidationError) return { message: e.message, errors: e.errors };
        throw e;
      }
    },
  });
  const { form } = editor;
  const agreements = editor.lines.get("finance_agreements") as Agreement[];
  const inspections = editor.lines.get("inspections") as InspectionRow[];
  const v = form.values;
  const status = String(v.vehicle_status || "ACTIVE");
  const field = (name: string) => ALL_FIELDS.find((f) => f.name === name)!;
  const modelField: FieldDef = { ...field("model"), options: v.make ? recordOptions("vehiclemodel", (r) => r.name, { page_size: 1000, make: String(v.make) }) : [] };
  const input = (f: FieldDef) => <FieldInput key={f.name} field={fieldAsOf(f, v)} value={v[f.name]} onChange={(x) => form.set(f.name, x)} error={form.errors[f.name]} />;
  // Derived figures read the parsed values: half-typed text ("-", ".") is not yet a number.
  const typed = form.payload() as Record<string, number | null>;
  const rates = hireRates({ first_day: typed.first_day, two_five_days: typed.two_five_days, six_twenty_seven_days: typed.six_twenty_seven_days });
  const purchase = orderedPurchasePrice({
    retail_price: typed.retail_price,
    dealer_discount: typed.dealer_discount,
    manufacturer_discount: typed.manufacturer_discount,
    body_aux_price: typed.body_aux_price,
    delivery_charge: typed.delivery_charge,
    extra_cost: typed.extra_cost,
  });
  const savedAgreements = ((record?.finance_agreements as Agreement[] | undefined) ?? []).length;
  const contactName = (name: string) => ((record?.[name] as { display_name?: string } | null)?.display_name ?? "");

  const generateFleetNumber = async () => {
    try {
      const res = await api<{ fleet_number: string; delivery_date: string }>("GET", "vehicles/generatefleetnumber", { query: { date: fleetDate } });
      // 000 §4: generating overwrites the fleet number and the delivery date.
      form.set("fleet_number", res.fleet_number);
      form.set("delivery_date", res.delivery_date);
      fleetModalCtl.close();
    } catch (e) {
      toastFailure(e, LOAD_FAILED);
    }
  };

  return (
    <form ref={form.formRef} onSubmit={editor.save} noValidate aria-label="Vehicle">
      <Stack gap="sm">
        <FormWarning warning={editor.warning} />
        <Fieldset legend="General details" variant="filled" p="sm">
          <SectionErrorBoundary name="General details">
            <Group gap={4} mb="sm" role="group" aria-label="Status">
              {Object.entries(STATUS_LABELS).map(([value, label]) => (
                <Button key={value} size="compact-sm" variant={status === value ? "filled" : "default"} aria-pressed={status === value} onClick={() => value !== status && setPendingStatus(value)}>
                  {label}
                </Button>
              ))}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="xs">
              {GENERAL.map((f) => (f.name === "model" ? input(modelField) : input(f)))}
              <ContactRefInput label="Hire customer" kind="CC" initialName={contactName("hire_customer")} value={v.hire_customer} onChange={(id) => form.set("hire_customer", id)} />
            </SimpleGrid>
            <Group mt="xs" gap="xs">
              <Button size="xs" variant="light" onClick={fleetModalCtl.open}>
                Generate fleet number
              </Button>
              <LookupButton registration={String(v.registration ?? "")} fields={ALL_FIELDS} values={v} set={form.set} onAccepted={(s) => setSources((old) => ({ ...old, ...s }))} />
            </Group>
            {Object.keys(sources).length > 0 && (
              <Group gap={4} mt="xs" aria-label="Looked-up fields">
                {Object.entries(sources).map(([name, source]) => (
                  <Text key={name} size="xs">
                    {field(name)?.label} <SourceBadge source={source} />
                  </Text>
                ))}
              </Group>
            )}
          </SectionErrorBoundary>
        </Fieldset>

        <Fieldset legend="Registration details" variant="filled" p="sm">
          <SectionErrorBoundary name="Registration details">
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="xs">
              {REGISTRATION_DETAILS.map((f) => (
                <div key={f.name}>
                  {input(f)}
                  {sources[f.name] && <SourceBadge source={sources[f.name]} />}
                </div>
              ))}
            </SimpleGrid>
          </SectionErrorBoundary>
        </Fieldset>

        <Fieldset legend="CAP valuation" variant="filled" p="sm">
          <SectionErrorBoundary name="CAP valuation">
            <Button size="compact-xs" variant="subtle" onClick={toggleCap} aria-expanded={capOpen}>
              {capOpen ? "Hide CAP values" : "Show CAP values"}
            </Button>
            <Collapse expanded={capOpen}>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm" mt="xs">
                {CAP.map(input)}
              </SimpleGrid>
            </Collapse>
          </SectionErrorBoundary>
        </Fieldset>

        <FormSection legend="Further vehicle details and Features" fields={FEATURES} form={form}>
          {record && <TrackerSection vehicle={record} />}
        </FormSection>

        {["CUSTOMER", "SOLD", "PROCESSING"].includes(status) && (
          <FormSection legend="Customer" fields={STATUS_BLOCK} form={form} cols={3}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
              <ContactRefInput label="Owner" kind="CC" initialName={contactName("owner")} value={v.owner} onChange={(id) => form.set("owner", id)} />
            </SimpleGrid>
          </FormSection>
        )}

        <Fieldset legend="Warranty" variant="filled" p="sm">
          <SectionErrorBoundary name="Warranty">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
              {WARRANTY_DATES.map((f, i) => {
                const ref = CONTACT_REFS.filter((c) => c.name.endsWith("_workshop"))[i];
                const colour = warrantyColour(String(v[f.name] || "") || null);
                return (
                  <Paper key={f.name} withBorder p="xs">
                    <Group align="flex-end" gap="xs" wrap="nowrap">
                      <div style={{ flex: 1 }}>{input(f)}</div>
                      {colour && (
                        <Badge color={colour} data-testid={`${f.name}-colour`} mb={6}>
                          {colour === "red" ? "Expired" : colour === "yellow" ? "Due soon" : "In warranty"}
                        </Badge>
                      )}
                    </Group>
                    <ContactRefInput label={ref.label} kind="SP" initialName={contactName(ref.name)} value={v[ref.name]} onChange={(id) => form.set(ref.name, id)} />
                  </Paper>
                );
              })}
            </SimpleGrid>
          </SectionErrorBoundary>
        </Fieldset>

        <FormSection legend="Tax, Servicing and Insurance" fields={TAX_SERVICE_INSURANCE} form={form} />
        <FormSection legend="Keys" fields={KEYS} form={form} cols={2}>
          {record && (v.key || v.spare_key) && (
            <Group mt="xs" gap="xs">
              {(["key", "spare_key"] as const).map((k) =>
                record[k] ? (
                  <Button
                    key={k}
                    size="compact-xs"
                    variant="light"
                    color="red"
                    onClick={async () => {
                      try {
                        await clearKey.mutateAsync({ vehicle: record.id, spare: k === "spare_key" });
                      } catch {
                        /* the query client has shown the server's message */
                      }
                    }}
                  >
                    Clear {k === "key" ? "key" : "spare key"}
                  </Button>
                ) : null,
              )}
            </Group>
          )}
        </FormSection>

        <FormSection legend="Ordering info" fields={ORDERING} form={form}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
            <ContactRefInput label="Vehicle supplier" kind="SP" initialName={contactName("vehicle_supplier")} value={v.vehicle_supplier} onChange={(id) => form.set("vehicle_supplier", id)} />
            <ContactRefInput label="Reserved customer" kind="CC" initialName={contactName("reserve_customer")} value={v.reserve_customer} onChange={(id) => form.set("reserve_customer", id)} />
          </SimpleGrid>
          <Text size="sm" mt="xs" aria-label="Ordered purchase price">
            Purchase price: {formatMoney(purchase ?? 0)}
          </Text>
        </FormSection>

        <FormSection legend="Rates" fields={RATES} form={form} cols={5}>
          <Group gap="lg" mt="xs">
            <Text size="sm">Weekend: {formatMoney(rates.weekend ?? 0)}</Text>
            <Text size="sm">1 week: {formatMoney(rates.one_week ?? 0)}</Text>
            <Text size="sm">6-27 weekly: {formatMoney(rates.six_twenty_seven_week ?? 0)}</Text>
          </Group>
        </FormSection>

        <Fieldset legend="Purchases, Finance Agreements and Sale Details" variant="filled" p="sm">
          <SectionErrorBoundary name="Purchases, Finance Agreements and Sale Details">
            <AgreementsSection vehicle={{ ...(record ?? {}), ...form.payload() }} agreements={agreements} onChange={(rows) => editor.lines.set("finance_agreements", rows)} />
          </SectionErrorBoundary>
        </Fieldset>

        {/* Each panel draws on its own: one that fails says so in its place and the form, with what was typed, stays. */}
        <SectionErrorBoundary name="Inspections">
          <InspectionsSection rows={inspections} stored={(record?.inspections as InspectionRow[]) ?? []} onChange={(rows) => editor.lines.set("inspections", rows)} />
        </SectionErrorBoundary>

        {record && (
          <SectionErrorBoundary name="Images">
            <ImagesSection vehicle={record} />
          </SectionErrorBoundary>
        )}
        {record && (
          <Fieldset legend="Profit" variant="filled" p="sm" id="profit">
            <SectionErrorBoundary name="Profit">
              <ProfitSection vehicle={record.id} />
            </SectionErrorBoundary>
          </Fieldset>
        )}
        {record && (
          <SectionErrorBoundary name="MOT history and compliance">
            <MotHistorySection vehicle={record} />
          </SectionErrorBoundary>
        )}
        {record && (
          <SectionErrorBoundary name="Service Record">
            <Group>
              <InProgressButton vehicle={record as PickedVehicle} />
            </Group>
            <ServiceRecord vehicleId={record.id} registration={String(record.registration ?? "")} />
          </SectionErrorBoundary>
        )}
        {record && (
          <SectionErrorBoundary name="Vehicle Rental Record">
            <RentalRecord vehicleId={record.id} />
          </SectionErrorBoundary>
        )}

        <Paper withBorder p="sm">
          <Group justify="space-between">
            <Group gap="xs">
              {record && (
                <Anchor component={Link} to={`/vehicleupload/${record.id}`} size="sm">
                  Upload photos from a phone
                </Anchor>
              )}
              {/* 000 §2: Hire Contract belongs to hire-ready vehicles (as on the list's Hire Ready rows), by their saved state. */}
              {record && isHireReady(record) && (
                <Anchor component={Link} to={`/editrental?initVehicle=${record.id}`} size="sm">
                  Hire Contract
                </Anchor>
              )}
            </Group>
            <Group gap="xs">
              {/* 000 §2: offered with Save and Delete on every saved vehicle; it prints the latest saved agreement, blank without one. */}
              {record && (
                <Button variant="default" component={Link} to={`/printsale/${record.id}?agreement=${Math.max(0, savedAgreements - 1)}&doc=salespurchase`}>
                  Print Sale and Purchase Form
                </Button>
              )}
              {record && <HistoryButton recordType="vehicle" id={record.id} title={`Vehicle ${record.registration ?? ""}`} />}
              {record && (
                <Button color="red" variant="light" onClick={() => void editor.del()} loading={editor.deleting}>
                  Delete Vehicle
                </Button>
              )}
              <Button type="submit" loading={editor.saving}>
                Save Vehicle
              </Button>
            </Group>
          </Group>
        </Paper>
      </Stack>

      <Modal opened={pendingStatus !== null} onClose={() => setPendingStatus(null)} title="Change status" centered>
        <Text size="sm">{STATUS_REMINDER}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setPendingStatus(null)}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              form.set("vehicle_status", pendingStatus!);
              // An external customer's vehicle has no fleet number (000 §5 rule 1).
              setPendingStatus(null);
            }}
          >
            Change Status
          </Button>
        </Group>
      </Modal>

      <Modal opened={fleetModal} onClose={fleetModalCtl.close} title="Generate fleet number" centered>
        <Stack gap="sm">
          <Text size="sm">Two digits of the year, then the next three-digit number. The delivery date is set to this date too.</Text>
          <DateField label="Date" value={fleetDate} onChange={(v) => setFleetDate(v)} />
          <Group justify="flex-end">
            <Button onClick={() => void generateFleetNumber()}>Generate</Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}

/** /editvehicle and /editvehicle/{id} (000 §2 Vehicle edit screen). */
export function VehicleEditPage() {
  const { vehicle } = useParams();
  const q = useOne<ApiRecord>("vehicles", vehicle ?? null, { errorMessage: LOAD_FAILED });
  // 'Loading' until the vehicle and every reference list have arrived (000 §2).
  const refs = [
    useList("vehicletype", { page_size: 100 }),
    useList("vehiclemake", { page_size: 1000 }),
    useList("departments", { page_size: 1000 }),
    useList("keys", { page_size: 1000 }),
    useList("inspectiontype", { page_size: 100 }),
    useList("trackingoption", TRACKING_OPTIONS_QUERY),
    useApiGet("appdefaults"),
  ];
  const loading = (vehicle && q.isLoading) || refs.some((r) => r.isLoading);
  const title = vehicle ? `Vehicle - ${q.data?.registration ?? ""}` : "New";
  return (
    <Page title={title}>
      {loading ? (
        <Loading label="Loading" />
      ) : vehicle && !q.data ? (
        <Text c="red">This vehicle could not be loaded.</Text>
      ) : (
        <VehicleForm key={vehicle ?? "new"} record={vehicle ? q.data! : null} />
      )}
    </Page>
  );
}


