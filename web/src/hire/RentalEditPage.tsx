import type { VehicleAnswer } from "../../../core/fleet/types";
import type { AvailableVehicle, RentalAnswer } from "../../../core/hire/types";
import { Anchor, Button, Fieldset, Group, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, Tooltip } from "@mantine/core";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router-dom";
import { rental as rentalDefinition } from "../../../core/hire/definitions";
import { MESSAGES, rentalDatesError, rentalFigures, rentalRuleResult } from "../../../core/hire/rules";
import { ContactRefInput } from "../contacts/pickers";
import { VehicleSearch } from "../fleet/picker/VehiclePicker";
import { api, useApiGet, useList, useOne, type ApiRecord } from "../platform/api";
import { FormWarning, FieldInput, FormSection, useRecordEditor, type FieldDef } from "../platform/form";
import { formatDate, formatMoney } from "../platform/format";
import { HistoryButton } from "../platform/history";
import { ListPager, useListController } from "../platform/list";
import { Loading } from "../platform/Loading";
import { SectionErrorBoundary } from "../platform/ErrorBoundary";
import { Page } from "../platform/page";
import { toastFailure, toastWarning } from "../platform/toast";
import { BOOKING, DEPOSIT, INSURANCE, LICENCE, LONG_TERM, OFF_HIRE, RATES, SHORT_TERM, VEHICLE, allFields } from "./fields";

const FIELDS = allFields();
const SAVE_FAILED = "An error occured!";

type Vehicle = ApiRecord & VehicleAnswer;
type Rental = ApiRecord & RentalAnswer;

/** Rates from the vehicle model's day rates (001 §2.3), the vehicle's own weekly rate for long term. */
function ratesOf(v: Vehicle): Record<string, number | ""> {
  const model = (v.model ?? {}) as Record<string, number | null>;
  const pick = (x: unknown) => (x === null || x === undefined ? "" : Number(x));
  return {
    first_day: pick(model.day1_rate ?? v.first_day),
    two_five_days: pick(model.day2_5_rate ?? v.two_five_days),
    six_twenty_seven_days: pick(model.day6_27_rate ?? v.six_twenty_seven_days),
    twenty_eight_plus: pick(model.day28_plus_rate ?? v.twenty_eight_plus),
    long_term_weekly: pick(v.long_term_weekly),
  };
}

/**
 * Other Rentals (001 §2.3): the rentals meeting the dates, paged like any
 * list (25 a page), so a long-term window costs one page, not every rental
 * in it. The rental being edited is left out by the server (`except`), so
 * the pages and the count hold only the others. The page is kept in the
 * panel, not the URL: the form around it is usually being edited. New
 * dates go back to page 1.
 */
function OtherRentals({ start, finish, rentalId }: { start: string; finish: string; rentalId?: number }) {
  const fixed = useMemo(() => ({ start_date: start, finish_date: finish, except: rentalId }), [start, finish, rentalId]);
  const list = useListController<Rental>({ resource: "rentals", fixed, local: true, errorMessage: "There was an error" });
  const dates = `${start}..${finish}`;
  const shown = useRef(dates);
  useEffect(() => {
    if (shown.current === dates) return;
    shown.current = dates;
    if (list.page > 1) list.setPage(1);
  }, [dates, list]);
  return (
    <Stack gap={4}>
      <Table aria-label="Other Rentals" withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Vehicle</Table.Th>
            <Table.Th>Hirer</Table.Th>
            <Table.Th>Dates</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.results.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.vehicle?.registration ?? ""}</Table.Td>
              <Table.Td>{r.customer?.display_name ?? ""}</Table.Td>
              <Table.Td>
                {formatDate(r.start_date)} - {formatDate(r.finish_date)}
              </Table.Td>
              <Table.Td>{r.status}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ListPager list={list} noun={["rental", "rentals"]} />
    </Stack>
  );
}

type WorkshopWarning = { job: number; reason: string; message: string };

/**
 * A van off the road over the dates (docs/rentals.md "Workshop warnings"):
 * the job and why, beside the van; it never stops a save.
 */
function WorkshopWarnings({ warnings, compact }: { warnings?: WorkshopWarning[]; compact?: boolean }) {
  if (!warnings?.length) return null;
  return (
    <Stack gap={2} mt={compact ? 2 : 0} role="status" aria-label="Workshop warnings">
      {warnings.map((w) => (
        <Text key={`${w.job}-${w.reason}`} size={compact ? "xs" : "sm"} c="orange.8" fw={600}>
          Workshop: <Anchor component={Link} to={`/editjob/${w.job}`} target="_blank" size={compact ? "xs" : "sm"}>{w.message}</Anchor>
        </Text>
      ))}
    </Stack>
  );
}

/** A van whose MOT or tax runs out before the hire ends (issue 25, docs/compliance.md): flagged like a workshop hold, never blocked. */
function ComplianceFlags({ warnings }: { warnings?: Array<{ reason: string; message: string }> }) {
  if (!warnings?.length) return null;
  return (
    <Stack gap={2} mt={2} role="status" aria-label="MOT and tax warnings">
      {warnings.map((w) => (
        <Text key={w.reason} size="xs" c="red.8" fw={600}>
          {w.message}
        </Text>
      ))}
    </Stack>
  );
}

/** The finder: shown once a tracking option is chosen; available vans for the dates and the other rentals. */
function VehicleFinder({ start, finish, rentalId, onPick }: { start: string; finish: string; rentalId?: number; onPick: (v: Vehicle) => void }) {
  const [search, setSearch] = useState("");
  const datesOk = !!start && !!finish && finish >= start;
  const available = useList<ApiRecord & AvailableVehicle>("rentals-available", { start_date: start, finish_date: finish, rental: rentalId, page_size: 25 }, { path: "rentals/available", enabled: datesOk });
  return (
    <Fieldset legend="Vehicle finder" variant="filled" p="sm">
      <Stack gap="xs">
        <div style={{ maxWidth: 320 }}>
          <VehicleSearch label="Registration" search={search} onSearchChange={setSearch} onSelect={(v) => v && onPick(v as Vehicle)} />
        </div>
        {!datesOk ? (
          <Text size="sm" c="dimmed">
            Choose the start and end dates to see the available vehicles.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            <Table aria-label="Available vehicles" withTableBorder fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Registration</Table.Th>
                  <Table.Th>Make / model</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(available.data?.results ?? []).map((v) => (
                  <Table.Tr key={v.id}>
                    <Table.Td>{v.registration}</Table.Td>
                    <Table.Td>
                      {v.make?.name ?? ""} {v.model?.name ?? ""}
                      <WorkshopWarnings warnings={v.workshop_warnings} compact />
                      <ComplianceFlags warnings={v.compliance_warnings} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button size="compact-xs" onClick={() => onPick(v)} aria-label={`Select ${v.registration}`}>
                          Select
                        </Button>
                        <Button size="compact-xs" variant="default" component="a" href={`/editvehicle/${v.id}`} target="_blank">
                          Vehicle Page
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <OtherRentals start={start} finish={finish} rentalId={rentalId} />
          </SimpleGrid>
        )}
      </Stack>
    </Fieldset>
  );
}

function RentalForm({ record, initVehicle }: { record: Rental | null; initVehicle: Vehicle | null }) {
  const [vehicle, setVehicle] = useState<Vehicle | null>((record?.vehicle as Vehicle) ?? initVehicle);
  const editor = useRecordEditor({
    resource: "rentals",
    editRoute: "/editrental",
    afterDelete: "/rentals",
    fields: FIELDS,
    record,
    defaults: { status: "QUOTE", rental_type: "ST", invoice_interval: "NONE", ...(initVehicle ? { vehicle: initVehicle.id, start_mileage: initVehicle.mileage ?? "", ...ratesOf(initVehicle) } : {}) },
    what: "this rental",
    errorMessage: SAVE_FAILED,
    invalidates: ["rentals-available"],
    checkBody: (body) => rentalRuleResult(body),
  });
  const { form } = editor;
  const v = form.values;
  const lt = v.rental_type === "LT";
  const figures = rentalFigures(form.payload());
  // Dates that cannot be saved (end before start) give no figures: the end date says why (as typed).
  const datesOk = rentalDatesError(String(v.start_date || ""), String(v.finish_date || "")) === null;
  const byDays = (text: string) => (datesOk ? text : "—");
  const suggestion = useApiGet<{ suggested_weekly_rate: number | null; message: string | null; warning: string | null }>("rentals/suggestedrate", { vehicle: vehicle?.id, margin: v.margin ? Number(v.margin) : undefined, mileage_allowance: v.mileage_allowance === "" ? undefined : Number(v.mileage_allowance), term: v.term === "" ? undefined : Number(v.term), start_mileage: v.start_mileage === "" ? undefined : Number(v.start_mileage) }, { enabled: lt && !!vehicle });

  // The chosen van's workshop warnings for the dates (the availability check answers them).
  const datesSet = !!vehicle && !!v.start_date && !!v.finish_date && datesOk;
  const availability = useApiGet<{ workshop_warnings?: WorkshopWarning[] }>("rentals", { vehicle: vehicle?.id, start_date: String(v.start_date || ""), finish_date: String(v.finish_date || "") }, { enabled: datesSet });

  /** 001 §5: the vehicle is attached only when no rental of it meets the dates. */
  const pick = async (candidate: Vehicle) => {
    try {
      if (v.start_date && v.finish_date) {
        const clash = await api<{ count: number; results: Rental[] }>("GET", "rentals", { query: { vehicle: candidate.id, start_date: String(v.start_date), finish_date: String(v.finish_date) } });
        const other = clash.results.find((r) => r.id !== record?.id);
        if (other) {
          toastWarning(MESSAGES.alreadyBooked(other.customer?.display_name ?? "another customer"));
          return;
        }
      }
      const full = await api<Vehicle>("GET", `vehicles/${candidate.id}`);
      setVehicle(full);
      form.set("vehicle", String(full.id));
      if (full.mileage != null) form.set("start_mileage", Number(full.mileage));
      for (const [k, val] of Object.entries(ratesOf(full))) form.set(k, val);
    } catch (e) {
      toastFailure(e, "There was an error");
    }
  };

  // An approved off-hire (PUT rental/approve from the vehicle's rental record) is read-only here: the fields its definition flags `lockedWhenApproved`; the server refuses a change.
  const approved = record?.approved === true;
  const approver = [record?.approving_user?.first_name, record?.approving_user?.last_name].filter(Boolean).join(" ");
  const input = (f: FieldDef) => <FieldInput key={f.name} field={f} value={v[f.name]} onChange={(x) => form.set(f.name, x)} error={form.errors[f.name]} />;
  const canPrint = !!record && Boolean(record.can_print);

  return (
    <form ref={form.formRef} onSubmit={editor.save} noValidate aria-label="Rental">
      <Stack gap="sm">
        <FormWarning warning={editor.warning} />
        <Fieldset legend="New Booking" variant="filled" p="sm">
          <SegmentedControl
            aria-label="Status"
            mb="sm"
            value={String(v.status || "QUOTE")}
            onChange={(s) => form.set("status", s)}
            data={[
              { value: "QUOTE", label: "Quote" },
              { value: "CONFIRMED", label: "Confirmed" },
              { value: "NOT REQUIRED", label: "Not Required" },
            ]}
          />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
            {BOOKING.map(input)}
          </SimpleGrid>
          <Text size="sm" mt={4}>
            Days: {byDays(String(figures.days))}
          </Text>
        </Fieldset>

        {v.tracking_option ? (
          <SectionErrorBoundary name="Vehicle finder">
            <VehicleFinder start={String(v.start_date)} finish={String(v.finish_date)} rentalId={record?.id} onPick={(x) => void pick(x)} />
          </SectionErrorBoundary>
        ) : null}

        <Fieldset legend="Vehicle" variant="filled" p="sm">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
            <Text size="sm" aria-label="Chosen vehicle">
              Registration: <strong>{vehicle?.registration ?? "none chosen"}</strong>
            </Text>
            {VEHICLE.map(input)}
            <Text size="sm">Make: {vehicle?.make?.name ?? ""}</Text>
            <Text size="sm">Model: {vehicle?.model?.name ?? ""}</Text>
            <Text size="sm">Mileage limit: {vehicle?.model?.mileage_limit ?? ""}</Text>
          </SimpleGrid>
          {datesSet && <WorkshopWarnings warnings={availability.data?.workshop_warnings} />}
        </Fieldset>

        {lt ? (
          <FormSection legend="Long term rate" fields={LONG_TERM} form={form}>
            <Group gap="lg" mt="xs">
              <Text size="sm">Total mileage: {figures.total_mileage ?? ""}</Text>
              <Text size="sm">Suggested weekly rate: {suggestion.data?.suggested_weekly_rate != null ? formatMoney(suggestion.data.suggested_weekly_rate) : (suggestion.data?.message ?? "")}</Text>
              {suggestion.data?.warning && (
                <Text size="sm" c="red" fw={700} role="alert">
                  {suggestion.data.warning}
                </Text>
              )}
              <Text size="sm">Total: {byDays(formatMoney(figures.total))}</Text>
            </Group>
          </FormSection>
        ) : (
          <FormSection legend="Short term rate" fields={SHORT_TERM} form={form}>
            <Text size="sm" mt="xs">
              Total: {datesOk ? `${formatMoney(figures.total)} (${formatMoney(figures.daily_cost)} a day)` : "—"}
            </Text>
          </FormSection>
        )}

        <Fieldset legend="Hirer and payer" variant="filled" p="sm">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            <ContactRefInput label="Hirer" kind="CC" initialName={record?.customer?.display_name ?? ""} value={v.customer} onChange={(id) => form.set("customer", id)} />
            <ContactRefInput label="Payer (if different)" kind="CC" initialName={record?.payer?.display_name ?? ""} value={v.payer} onChange={(id) => form.set("payer", id)} />
          </SimpleGrid>
        </Fieldset>
        <FormSection legend="Insurance" fields={INSURANCE} form={form} cols={5}>
          <Text size="sm" mt="xs">
            Insurance charge: {byDays(formatMoney(figures.insurance_charge))}
          </Text>
        </FormSection>
        <FormSection legend="Licence" fields={LICENCE} form={form} />
        <FormSection legend="Rates" fields={RATES} form={form} cols={3} locked={approved ? rentalDefinition.lockedWhenApproved : undefined} />
        <FormSection legend="Deposit & Initial Payment" fields={DEPOSIT} form={form} />

        <Fieldset legend="On Hire" variant="filled" p="sm">
          <Group gap="xl">
            {(["on_hire_insurance_completed", "on_hire_tracker_completed"] as const).map((k) => (
              <Group key={k} gap="xs">
                <Text size="sm">{k.includes("insurance") ? "Insurance" : "Tracker"}:</Text>
                <SegmentedControl
                  size="xs"
                  aria-label={k.includes("insurance") ? "On-hire insurance" : "On-hire tracker"}
                  value={v[k] === true ? "done" : "not"}
                  onChange={(x) => form.set(k, x === "done")}
                  data={[
                    { value: "not", label: "Not Done" },
                    { value: "done", label: "Complete" },
                  ]}
                />
              </Group>
            ))}
          </Group>
        </Fieldset>

        <FormSection legend="Off Hire" fields={OFF_HIRE} form={form} locked={approved ? rentalDefinition.lockedWhenApproved : undefined}>
          <Group gap="lg" mt="xs">
            <Text size="sm">Excess mileage charge: {formatMoney(figures.excess_mileage_charge)}</Text>
            <Text size="sm">Total additional charges: {formatMoney(figures.off_hire_total_additional_charges)}</Text>
          </Group>
          {approved && (
            <Text size="sm" mt="xs" fw={600} c="teal.8" role="status" aria-label="Off-hire approval">
              Off hire approved {formatDate(record?.approved_date)}
              {approver ? ` by ${approver}` : ""}: these details can no longer be changed.
            </Text>
          )}
        </FormSection>

        <Paper withBorder p="sm">
          <Group justify="flex-end" gap="xs">
            {record && <HistoryButton recordType="rental" id={record.id} title={`Rental ${record.id}`} />}
            {record &&
              (canPrint ? (
                <Button component={Link} to={`/printrental/${record.id}`} variant="light">
                  Print Hire Contact
                </Button>
              ) : (
                <Tooltip label="Licence and insurance details must be complete">
                  <Button disabled variant="light">
                    Unable To Print: Missing license or insurance information
                  </Button>
                </Tooltip>
              ))}
            {record && (
              <Button color="red" variant="light" onClick={() => void editor.del()} loading={editor.deleting} disabled={approved} title={approved ? MESSAGES.deleteApproved : undefined}>
                Delete Rental
              </Button>
            )}
            <Button type="submit" loading={editor.saving}>
              Save Rental
            </Button>
          </Group>
        </Paper>
      </Stack>
    </form>
  );
}

/** /editrental, /editrental/{id}, ?initVehicle={id} (001 §2.3). */
export function RentalEditPage() {
  const { rental } = useParams();
  const [sp] = useSearchParams();
  const init = sp.get("initVehicle");
  const q = useOne<Rental>("rentals", rental ?? null, { errorMessage: "There was an error" });
  const vq = useOne<Vehicle>("vehicles", !rental && init ? init : null, { errorMessage: "There was an error" });
  const refs = [useList("departments", { page_size: 1000 }), useList("trackingcategory", { page_size: 1000 }), useList("rentalmargin", { page_size: 1000 })];
  const loading = (rental && q.isLoading) || (!rental && init && vq.isLoading) || refs.some((r) => r.isLoading);
  return (
    <Page title={rental ? `Rental ${rental}` : "New rental"} actions={<Anchor component={Link} to="/rentals">Rentals</Anchor>}>
      {loading ? (
        <Loading />
      ) : rental && !q.data ? (
        <Text c="red">This rental could not be loaded.</Text>
      ) : (
        <RentalForm key={rental ?? "new"} record={rental ? q.data! : null} initVehicle={vq.data ?? null} />
      )}
    </Page>
  );
}
