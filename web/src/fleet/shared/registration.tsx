import { Alert, Anchor, Badge, Button, Checkbox, Group, Modal, Stack, Table, Text } from "@mantine/core";
import { FiguresTable } from "../../platform/FiguresTable";
import { useState, type ReactNode } from "react";
import type { MotTestAnswer, Source, Suggestion } from "../../../../core/fleet/registration-rules";
import { api } from "../../platform/api";
import { formatDate } from "../../platform/format";
import { toastFailure } from "../../platform/toast";

/**
 * Registration lookup on the web (issue 25; docs/compliance.md): GET
 * vehiclelookup answers what the DVLA and the DVSA hold for a registration.
 * The vehicle screen offers each value beside what the form holds, staff
 * tick what to take (an empty field ticked, a filled one that differs not),
 * and nothing changes until they accept. The pickers show the same details
 * for a van not on the fleet.
 */

export type ServiceState = { status: string; message: string | null };
export type Ref = { id: number | null; name: string; source: Source } | null;
export type LookupAnswer = {
  registration: string;
  dvla: ServiceState;
  dvsa: ServiceState;
  fields: Suggestion[];
  make: Ref;
  model: Ref;
  mot_tests: MotTestAnswer[];
  vehicle: number | null;
};

export function lookupRegistration(registration: string): Promise<LookupAnswer> {
  return api<LookupAnswer>("GET", "vehiclelookup", { query: { registration } });
}

/** The services' messages (not set up, not found, busy...), one alert each. */
export function ServiceMessages({ answer }: { answer: LookupAnswer }) {
  const notes = (["dvla", "dvsa"] as const).filter((s) => answer[s].message);
  if (!notes.length) return null;
  return (
    <Stack gap={4}>
      {notes.map((s) => (
        <Alert key={s} color={answer[s].status === "not-found" || answer[s].status === "not-set-up" ? "gray" : "yellow"} p="xs" role="status" aria-label={`${s.toUpperCase()} answer`}>
          {s.toUpperCase()}: {answer[s].message}
        </Alert>
      ))}
    </Stack>
  );
}

export function SourceBadge({ source }: { source: Source }) {
  return (
    <Badge size="xs" variant="light" color={source === "DVLA" ? "blue" : "grape"} aria-label={`from the ${source}`}>
      {source}
    </Badge>
  );
}

const show = (v: unknown) => (v === true ? "Yes" : v === false ? "No" : v === null || v === undefined || v === "" ? "" : /^\d{4}-\d{2}-\d{2}$/.test(String(v)) ? formatDate(v) : String(v));

/** An offered value: the field, what the form holds, what came and from where, and whether to take it. */
export type Offer = { field: string; label: string; now: unknown; value: unknown; source: Source; take: boolean };

/** The offers of an answer against the form's values: a field whose value already matches is left out. */
export function offersOf(answer: LookupAnswer, labelOf: (field: string) => string | null, now: (field: string) => unknown): Offer[] {
  const same = (a: unknown, b: unknown) => String(a ?? "").trim().toLowerCase() === String(b ?? "").trim().toLowerCase();
  const empty = (v: unknown) => v === null || v === undefined || v === "" || v === false;
  return answer.fields
    .filter((s) => labelOf(s.field) !== null && !same(now(s.field), s.value))
    .map((s) => ({ field: s.field, label: labelOf(s.field)!, now: now(s.field), value: s.value, source: s.source, take: empty(now(s.field)) }));
}

/** The offers as a table with a tick per field. */
export function OffersTable({ offers, onChange }: { offers: Offer[]; onChange: (offers: Offer[]) => void }) {
  if (!offers.length) return <Text size="sm">Nothing to change: the form already holds what the DVLA and DVSA answered.</Text>;
  return (
    <Table striped withTableBorder aria-label="Looked-up values">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Use</Table.Th>
          <Table.Th>Field</Table.Th>
          <Table.Th>Now</Table.Th>
          <Table.Th>Looked up</Table.Th>
          <Table.Th>From</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {offers.map((o, i) => (
          <Table.Tr key={o.field}>
            <Table.Td>
              <Checkbox aria-label={`Use ${o.label}`} checked={o.take} onChange={(e) => onChange(offers.map((x, j) => (j === i ? { ...x, take: e.currentTarget.checked } : x)))} />
            </Table.Td>
            <Table.Td>{o.label}</Table.Td>
            <Table.Td>{show(o.now)}</Table.Td>
            <Table.Td>{show(o.value)}</Table.Td>
            <Table.Td>
              <SourceBadge source={o.source} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A make or model the product lacks: named, with a button to add it to Settings. */
export function AddMissing({ what, name, onAdd }: { what: "make" | "model"; name: string; onAdd: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <Group gap="xs">
      <Text size="sm">
        The {what} {name} is not in Settings.
      </Text>
      <Button
        size="compact-xs"
        variant="light"
        loading={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await onAdd();
          } catch (e) {
            toastFailure(e, "There was an error");
          } finally {
            setBusy(false);
          }
        }}
      >
        Add {what} {name}
      </Button>
    </Group>
  );
}

/** One MOT test as the tests table shows it, from a stored test or from a DVSA answer. */
export type MotTestLine = {
  key: string | number;
  date: string;
  result: string;
  expiry: string | null;
  odometer: { value: number; unit: string | null } | null;
  defects: Array<{ type: string; text: string }>;
};

/**
 * The one MOT tests table (the vehicle's MOT history and a picker's details
 * of a van not on the fleet), newest first. `defectAction` adds what staff
 * may do with one of a test's defects (the vehicle's "Make defect").
 */
export function MotTestsTable({ tests, defectAction }: { tests: MotTestLine[]; defectAction?: (test: MotTestLine, index: number) => ReactNode }) {
  return (
    <FiguresTable
      withTableBorder
      label="MOT tests"
      rows={tests}
      rowKey={(t) => t.key}
      columns={[
        { key: "date", header: "Date", cell: (t) => formatDate(t.date.slice(0, 10)) },
        { key: "result", header: "Result", cell: (t) => <Badge color={t.result === "PASSED" ? "green" : "red"}>{t.result}</Badge> },
        { key: "expiry", header: "Expiry", cell: (t) => (t.expiry ? formatDate(t.expiry) : "") },
        { key: "odometer", header: "Odometer", cell: (t) => (t.odometer === null ? "" : `${t.odometer.value} ${t.odometer.unit === "KM" ? "km" : "miles"}`) },
        {
          key: "defects",
          header: "Advisories and defects",
          cell: (t) => (
            <Stack gap={2}>
              {t.defects.map((d, i) => (
                <Group key={i} gap="xs" wrap="nowrap">
                  <Text size="sm">
                    {d.type}: {d.text}
                  </Text>
                  {defectAction?.(t, i)}
                </Group>
              ))}
            </Stack>
          ),
        },
      ]}
    />
  );
}

/** The MOT tests of an answer, newest first (the pickers' details of a van not on the fleet). */
export function MotTestsBrief({ tests }: { tests: MotTestAnswer[] }) {
  if (!tests.length) return <Text size="sm">No MOT tests.</Text>;
  const lines = tests.map(
    (t): MotTestLine => ({
      key: t.motTestNumber,
      date: t.completedDate,
      result: t.testResult,
      expiry: t.expiryDate ?? null,
      odometer: t.odometerValue === null || t.odometerValue === undefined ? null : { value: Number(t.odometerValue), unit: t.odometerUnit ?? null },
      defects: t.defects,
    }),
  );
  return <MotTestsTable tests={lines} />;
}

/**
 * "Look up <reg>" beside a vehicle search (the job, quote and defect
 * pickers): a van not on the fleet is read from the DVLA and the DVSA and
 * its details shown, with a link to add it as a new vehicle.
 */
export function LookupRegistrationButton({ registration }: { registration: string }) {
  const [answer, setAnswer] = useState<LookupAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const reg = registration.replace(/[^a-z0-9]/gi, "").toUpperCase();
  if (reg.length < 2) return null;
  const field = (name: string) => answer?.fields.find((f) => f.field === name);
  const detail = (label: string, name: string) => {
    const f = field(name);
    return f ? (
      <Text size="sm" key={name}>
        {label}: {show(f.value)} <SourceBadge source={f.source} />
      </Text>
    ) : null;
  };
  return (
    <>
      <Button
        size="sm"
        variant="light"
        loading={busy}
        onClick={async () => {
          setBusy(true);
          try {
            setAnswer(await lookupRegistration(reg));
          } catch (e) {
            toastFailure(e, "There was an error");
          } finally {
            setBusy(false);
          }
        }}
      >
        Look up {reg}
      </Button>
      <Modal opened={answer !== null} onClose={() => setAnswer(null)} title={`Look up ${reg}`} size="xl" centered>
        {answer && (
          <Stack gap="xs">
            <ServiceMessages answer={answer} />
            {answer.vehicle && (
              <Anchor href={`/editvehicle/${answer.vehicle}`} target="_blank" size="sm">
                On the fleet: open vehicle {answer.vehicle}
              </Anchor>
            )}
            {answer.make && (
              <Text size="sm">
                Make: {answer.make.name} <SourceBadge source={answer.make.source} />
              </Text>
            )}
            {answer.model && (
              <Text size="sm">
                Model: {answer.model.name} <SourceBadge source={answer.model.source} />
              </Text>
            )}
            {detail("Colour", "colour")}
            {detail("Fuel type", "fuel_type")}
            {detail("Tax", "tax_status")}
            {detail("Tax due", "tax_expiry")}
            {detail("MOT", "mot_status")}
            {detail("MOT expiry", "mot_expiry")}
            <MotTestsBrief tests={answer.mot_tests} />
            {!answer.vehicle && (
              <Anchor href="/editvehicle" target="_blank" size="sm">
                Add as a new vehicle (Look up on its screen fills it)
              </Anchor>
            )}
          </Stack>
        )}
      </Modal>
    </>
  );
}
