import { Badge, Button, Fieldset, Group, NativeSelect, Paper, SegmentedControl, SimpleGrid, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router-dom";
import { FINANCE_TYPE_LABELS, RATE_READ_ONLY, TYPE_CHANGE_WARNING, changeFinanceType, deriveAgreement, proFormaTotal, typeChangeNeedsWarning } from "../../../core/agreements/rules";
import { FieldInput, toApiValue, toFormValue, type FieldDef } from "../platform/form";
import { formatMoney, todayIso } from "../platform/format";
import { SectionErrorBoundary } from "../platform/ErrorBoundary";
import { confirmAction } from "../platform/modal";
import { financeFigures } from "../../../core/agreements/finance";
import { ContactRefInput } from "../contacts/pickers";
import { CreateInvoiceModal, CreatePaymentModal } from "./SaleModals";

/**
 * The purchase / finance / sale agreements of a vehicle (000 §3 Finance
 * agreement), inside the vehicle edit screen. The vehicle form owns the
 * array (it is saved with the vehicle); this section edits it through
 * onChange, with the same rules the server applies (core/agreements).
 */
export type Agreement = Record<string, any>;
export type AgreementsSectionProps = {
  vehicle: Record<string, any>;
  agreements: Agreement[];
  onChange: (next: Agreement[]) => void;
};

const m = (name: string, label: string): FieldDef => ({ name, label, kind: "money" });
const d = (name: string, label: string): FieldDef => ({ name, label, kind: "date" });
const t = (name: string, label: string): FieldDef => ({ name, label, kind: "text" });
const n = (name: string, label: string): FieldDef => ({ name, label, kind: "number" });
const b = (name: string, label: string): FieldDef => ({ name, label, kind: "boolean" });

const PURCHASE: FieldDef[] = [
  t("finance_company", "Finance company"), t("agreement_no", "Agreement no."), b("modification", "Conversion financing"), t("sage_asset_id", "Sage asset id"), t("sage_liability_id", "Sage liability id"),
  m("vehicle_purchase_price", "Vehicle purchase price"), m("addons_purchase_price", "Addons purchase price"), m("purchase_price_vat", "Purchase price VAT"),
  t("invoice_number", "Invoice number"), d("invoice_date", "Invoice date"), d("depreciation_start_date", "Depreciation start date"), { name: "annual_depreciation_rate", label: "Annual depreciation rate (%)", kind: "percent" },
  m("deposit_amount", "Deposit"), m("deposit_to_be_paid", "Deposit to be paid"), m("estimated_grant_value", "Estimated grant value"), { name: "finance_comments", label: "Finance comments", kind: "textarea" },
];
const FINANCE: FieldDef[] = [
  m("monthly_payment", "Monthly payment"), { name: "payment_term", label: "Payment term (months)", kind: "integer" }, d("finance_start_date", "Finance start date"), d("end_date", "End date"),
  m("balloon_payment", "Balloon payment"), d("balloon_payment_date", "Balloon payment date"), { name: "hp_interest_rate", label: "Interest rate (%)", kind: "percent" },
  d("freeze_start_date", "Freeze start"), d("freeze_end_date", "Freeze end"), m("possible_finance_settlement_amount", "Possible settlement amount"), d("possible_finance_settlement_date", "Possible settlement date"),
  m("finance_early_settlement_amount_paid", "Early settlement amount paid"), d("finance_early_settlement_date", "Early settlement date"),
];
const STOCKING: FieldDef[] = [
  { name: "sp_capital_percentage", label: "Capital percentage", kind: "percent" }, d("sp_capital_repayment_start", "Capital repayment start"), d("sp_capital_repayment_end", "Capital repayment end"),
  { name: "sp_monthly_interest_rate", label: "Monthly interest rate (%)", kind: "percent" }, m("sp_monthly_interest_charge", "Monthly interest charge"), d("sp_interest_accrual_start", "Interest accrual start"),
  d("sp_interest_repayment_start_date", "Interest repayment start"), d("sp_interest_repayment_end_date", "Interest repayment end"), d("sp_start_date", "Stocking plan start"), d("sp_first_payment_date", "First payment date"),
];
const HIRE: FieldDef[] = [d("hire_start_date", "Hire start date"), m("daily_rate", "Daily rate"), n("mileage_allowance", "Mileage allowance"), n("on_hire_mileage", "On hire mileage")];
const SALE: FieldDef[] = [
  t("sold_by", "Sold by"), m("sold_price", "Sold price"), d("sold_date", "Sold date"), d("internal_sale_date", "Internal sale date"), d("sale_date", "Sale date"), d("pro_forma_date", "Pro forma date"),
  m("sale_deposit", "Sale deposit"), d("sale_deposit_date", "Sale deposit date"), t("sale_method_of_payment", "Method of payment"), m("sale_warranty_cost", "Warranty cost"), t("sale_warranty_term", "Warranty term"),
  d("sale_expected_delivery_date", "Expected delivery"), t("sale_trade_or_private", "Trade or private"), t("sale_customer_address", "Customer address"), t("sale_customer_postcode", "Customer postcode"),
  t("sale_customer_phone", "Customer phone"), t("sale_customer_email", "Customer email"), { name: "sale_invoice_address", label: "Invoice address", kind: "textarea" }, { name: "sale_delivery_address", label: "Delivery address", kind: "textarea" },
  t("part_exchange", "Part exchange"), { name: "sale_slam_lock_key", label: "Slam lock keys", kind: "integer" }, m("external_list_price", "External list price"), m("advertised", "Advertised price"),
  t("internal_invoice_number", "Internal invoice number"), { name: "free_print_text", label: "Free print text", kind: "textarea" }, { name: "sale_comments", label: "Sale comments", kind: "textarea" },
];
const CHECKLIST = ["sale_quote", "sale_v5", "sale_mot", "sale_service_book", "sale_basic_guide", "sale_radio_code", "sale_main_key", "sale_spare_key", "sale_settlement", "sale_clearance", "sale_paid_in_full", "sale_final_check"].map((f) =>
  b(f, f.replace("sale_", "").replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase()).replace("V5", "V5").replace("Mot", "MOT")),
);

/** The derived figures shown on each agreement (000 §3 "computed on load"; formulas in docs/finance.md). */
const FIGURES: Array<[keyof ReturnType<typeof financeFigures>, string]> = [
  ["remaining_balance", "Remaining balance"],
  ["hp_remaining_interest", "Remaining HP interest"],
  ["remaining_capital", "Remaining capital"],
  ["early_settlement_charges", "Early settlement charges"],
  ["this_months_payment", "This month's payment"],
  ["estimated_value", "Estimated value"],
  ["hp_interest_rate", "Interest rate"],
  ["internal_sale_price", "Internal sale price"],
];

function Fields({ fields, a, onField, readOnly = [] }: { fields: FieldDef[]; a: Agreement; onField: (f: FieldDef, v: unknown) => void; readOnly?: string[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="xs">
      {fields.map((f) => (
        <FieldInput key={f.name} field={f} value={toFormValue(f, a[f.name])} onChange={(v) => onField(f, toApiValue(f, v))} disabled={readOnly.includes(f.name)} />
      ))}
    </SimpleGrid>
  );
}

function AgreementCard({ a, index, vehicle, onChange, onRemove }: { a: Agreement; index: number; vehicle: Record<string, any>; onChange: (next: Agreement) => void; onRemove: () => void }) {
  const [docType, setDocType] = useState("pro");
  const [modal, setModal] = useState<"payment" | "invoice" | null>(null);
  const type = String(a.finance_type ?? "NONE");
  const derived = deriveAgreement(a, todayIso());
  // The derived figures (docs/finance.md), from the same core module the API and reports use, as staff type.
  const figures = financeFigures(derived, todayIso());
  const rateReadOnly = RATE_READ_ONLY.includes(type);
  const refId = (v: any) => (v && typeof v === "object" ? v.id : v) ?? "";
  const setContact = (field: "sale_customer" | "supplier", id: number | "") => onChange({ ...a, [field]: id === "" ? null : id });
  const set = (f: FieldDef, v: unknown) => {
    onChange({ ...a, [f.name]: v });
    // Entering a sold date opens Create Payment (000 §4).
    if (f.name === "sold_date" && v && !a.sold_date && vehicle.id) setModal("payment");
  };
  const changeType = async (next: string) => {
    if (next === type) return;
    if (typeChangeNeedsWarning(a) && !(await confirmAction({ title: "Change finance type", message: TYPE_CHANGE_WARNING, confirmLabel: "Continue", danger: false }))) return;
    onChange(changeFinanceType(a, next, vehicle.id ?? null));
  };
  return (
    <Paper withBorder p="sm" aria-label={`Agreement ${index + 1}`} component="section">
      <Stack gap="xs">
        <Group justify="space-between">
          <Group gap="xs">
            <NativeSelect
              label="Finance type"
              aria-label={`Agreement ${index + 1} finance type`}
              value={type}
              onChange={(e) => void changeType(e.currentTarget.value)}
              data={Object.entries(FINANCE_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
            />
            {derived.settled && <Badge color="green">Settled</Badge>}
          </Group>
          <Button size="compact-xs" color="red" variant="subtle" onClick={onRemove}>
            Remove agreement
          </Button>
        </Group>
        <Fieldset legend="Purchase" variant="filled" p="xs">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" mb="xs">
            <ContactRefInput label="Supplier" kind="SP" initialName={a.supplier?.display_name ?? ""} value={refId(a.supplier)} onChange={(id) => setContact("supplier", id)} />
          </SimpleGrid>
          <Fields fields={PURCHASE} a={a} onField={set} />
          <Group gap="lg" mt="xs">
            <Text size="sm" data-testid={`agreement-${index}-purchase-price`}>
              Purchase price: {formatMoney(derived.purchase_price ?? 0)}
            </Text>
            <Text size="sm" data-testid={`agreement-${index}-borrowed`}>
              Amount borrowed: {formatMoney(derived.finance_amount_borrowed ?? 0)}
            </Text>
          </Group>
        </Fieldset>
        {type !== "NONE" && type !== "HIRE_AGREEMENT" && (
          <Fieldset legend="Finance" variant="filled" p="xs">
            <Fields fields={FINANCE} a={rateReadOnly ? { ...a, hp_interest_rate: figures.hp_interest_rate } : a} onField={set} readOnly={rateReadOnly ? ["hp_interest_rate"] : []} />
          </Fieldset>
        )}
        {type === "STOCKING_PLAN" && (
          <Fieldset legend="Stocking plan" variant="filled" p="xs">
            <Fields fields={STOCKING} a={a} onField={set} />
            <Text size="sm" mt="xs">
              Yearly interest rate: {derived.sp_yearly_interest_rate ?? 0}%
            </Text>
          </Fieldset>
        )}
        {type === "HIRE_AGREEMENT" && (
          <Fieldset legend="Hire agreement" variant="filled" p="xs">
            <Fields fields={HIRE} a={a} onField={set} />
          </Fieldset>
        )}
        <Fieldset legend="Finance figures" variant="filled" p="xs" aria-label={`Agreement ${index + 1} finance figures`}>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
            {FIGURES.map(([key, label]) => (
              <Text size="sm" key={key} data-testid={`agreement-${index}-${key}`}>
                {label}: {key === "hp_interest_rate" ? `${figures.hp_interest_rate}%` : figures[key] === null ? "–" : formatMoney(figures[key] as number)}
              </Text>
            ))}
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt={4}>
            {figures.payment_term > 0 ? `${figures.payments_made} of ${figures.payment_term} payments due so far.` : ""}
          </Text>
        </Fieldset>
        <Fieldset legend="Sale" variant="filled" p="xs">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" mb="xs">
            <ContactRefInput label="Sale customer" kind="CC" initialName={a.sale_customer?.display_name ?? ""} value={refId(a.sale_customer)} onChange={(id) => setContact("sale_customer", id)} />
          </SimpleGrid>
          <Fields fields={SALE} a={a} onField={set} />
          {a.sold_date && (
            <Group gap="md" mt="xs">
              <SegmentedControl
                size="xs"
                aria-label={`Agreement ${index + 1} document type`}
                value={docType}
                onChange={setDocType}
                data={[
                  { value: "pro", label: "Pro Forma" },
                  { value: "invoice", label: "Invoice" },
                  { value: "quote", label: "Quote" },
                ]}
              />
              <Text size="sm" data-testid={`agreement-${index}-pro-forma-total`}>
                Pro forma total: {formatMoney(proFormaTotal(a.sold_price, a.sale_warranty_cost))}
              </Text>
              {vehicle.id && (
                <>
                  <Button size="compact-sm" component={Link} to={`/printsale/${vehicle.id}?agreement=${index}&doc=${docType}`}>
                    Print
                  </Button>
                  <Button size="compact-sm" variant="default" component={Link} to={`/printsale/${vehicle.id}?agreement=${index}&doc=sheet`}>
                    Customer Collection/Delivery Sheet
                  </Button>
                  <Button size="compact-sm" variant="light" onClick={() => setModal("invoice")}>
                    Create Invoice
                  </Button>
                  <Button size="compact-sm" variant="light" onClick={() => setModal("payment")}>
                    Create Payment
                  </Button>
                </>
              )}
            </Group>
          )}
        </Fieldset>
        <Fieldset legend="Sale checklist" variant="filled" p="xs">
          <Fields fields={CHECKLIST} a={a} onField={set} />
        </Fieldset>
      </Stack>
      {modal === "payment" && <CreatePaymentModal a={a} vehicle={vehicle} onClose={() => setModal(null)} />}
      {modal === "invoice" && <CreateInvoiceModal a={a} vehicle={vehicle} onClose={() => setModal(null)} />}
    </Paper>
  );
}

export function AgreementsSection({ vehicle, agreements, onChange }: AgreementsSectionProps) {
  return (
    <Stack gap="sm">
      {agreements.length === 0 && <Text size="sm">No agreements recorded for this vehicle.</Text>}
      {agreements.map((a, i) => (
        // One agreement that cannot be drawn says so; the others and the vehicle's form stay.
        <SectionErrorBoundary key={a.id ?? i} name={`Agreement ${i + 1}`}>
          <AgreementCard
            a={a}
            index={i}
            vehicle={vehicle}
            onChange={(next) => onChange(agreements.map((x, j) => (j === i ? next : x)))}
            onRemove={() => onChange(agreements.filter((_, j) => j !== i))}
          />
        </SectionErrorBoundary>
      ))}
      <Group>
        <Button size="compact-sm" variant="light" onClick={() => onChange([...agreements, { finance_type: "NONE", vehicle: vehicle.id ?? null, pro_forma_date: todayIso() }])}>
          Add agreement
        </Button>
      </Group>
    </Stack>
  );
}
