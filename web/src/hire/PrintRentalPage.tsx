import type { VehicleBrief } from "../../../core/fleet/types";
import type { HirerBrief, RentalAnswer } from "../../../core/hire/types";
import { Text } from "@mantine/core";
import { useParams } from "react-router-dom";
import { derivedRates, incVat } from "../../../core/hire/rules";
import { useApiGet, useOne, type ApiRecord } from "../platform/api";
import { formatDate, formatMoney } from "../platform/format";
import { Loading } from "../platform/Loading";
import { Page } from "../platform/page";
import { FactTable, PrintDocument, SignatureLines } from "../platform/print";

type Rental = ApiRecord & RentalAnswer;

/** The provider block printed at the top (001 §1: fixed text). */
const PROVIDER = ["Rentals Direct", "Unit 4, Trade Park, Birmingham B1 1AA", "0121 496 0000", "hire@rentalsdirect.co.uk"];

function Agreement({ r, defaults }: { r: Rental; defaults: Record<string, any> }) {
  const v: Partial<VehicleBrief> = r.vehicle ?? {};
  const hirer: Partial<HirerBrief> = r.customer ?? {};
  const payer = r.payer ?? hirer;
  const rates = derivedRates({ first_day: r.first_day, two_five_days: r.two_five_days, six_twenty_seven_days: r.six_twenty_seven_days });
  const lt = r.rental_type === "LT";
  const reading = defaults.long_term_terms_reading === "B" ? "B" : "A";
  const ltNotes = String(reading === "B" ? defaults.long_term_terms_b : defaults.long_term_terms_a).replace("{penalty}", formatMoney(r.early_return_penalty_per_week ?? 0));
  const exVat = Number(r.total ?? 0);
  return (
    <>
      <div style={{ display: "flex", justifyContent: "space-between" }}>
        <strong style={{ fontSize: "18pt" }}>RENTALS DIRECT</strong>
        <div style={{ textAlign: "right", fontSize: "9pt" }}>
          {PROVIDER.map((l) => (
            <div key={l}>{l}</div>
          ))}
        </div>
      </div>
      <h1>
        Hire Agreement: {hirer.display_name ?? ""} - {v.registration ?? ""}
      </h1>
      <FactTable label="Dates" rows={[["Start date", formatDate(r.start_date)], ["Return date", formatDate(r.finish_date)], ["Rental days", r.days ?? ""]]} />
      <h2>Vehicle</h2>
      <FactTable
        label="Vehicle"
        rows={[
          ["Registration", v.registration ?? ""],
          ["Make / model", `${v.make?.name ?? ""} ${v.model?.name ?? ""}`],
          ["Variant", v.variant ?? ""],
          ["VIN", v.vin_number ?? ""],
          ["Fleet number", v.fleet_number ?? ""],
        ]}
      />
      <h2>Driver</h2>
      <FactTable
        label="Driver"
        rows={[
          ["Name", hirer.display_name ?? ""],
          ["Address", hirer.address_line1 ?? ""],
          ["Town", hirer.town ?? ""],
          ["Postcode", hirer.postcode ?? ""],
          ["E-mail", hirer.company_email ?? ""],
          ["Phone", r.contact_number ?? hirer.company_phone ?? ""],
          ["Licence number", r.licence_number ?? ""],
          ["Period held (years)", r.licence_held ?? ""],
          ["NI number", r.ni_number ?? ""],
        ]}
      />
      <h2>Rates</h2>
      <FactTable
        label="Rates"
        rows={[
          ["1 day", formatMoney(r.first_day ?? 0)],
          ["2-5 day", formatMoney(r.two_five_days ?? 0)],
          ["6-27 day", formatMoney(r.six_twenty_seven_days ?? 0)],
          ["28+ day", formatMoney(r.twenty_eight_plus ?? 0)],
          ["6-27 weekly", formatMoney(rates.six_twenty_seven_week ?? 0)],
          ["Long term weekly", formatMoney(r.long_term_weekly ?? 0)],
        ]}
      />
      <h2>Insurance</h2>
      <FactTable
        label="Insurance"
        rows={[
          ["Insurer", r.insurer ?? ""],
          ["Daily cover", formatMoney(r.insurance_daily ?? 0)],
          ["Policy name", r.policy_name ?? ""],
          ["Policy number", r.policy_number ?? ""],
          ["Expiry", formatDate(r.insurance_expiry)],
        ]}
      />
      <h2>Payer</h2>
      <FactTable label="Payer" rows={[["Name", payer.display_name ?? ""], ["Address", [payer.address_line1, payer.town, payer.postcode].filter(Boolean).join(", ")], ["E-mail", payer.company_email ?? ""]]} />
      <h2>Mileage</h2>
      <FactTable
        label="Mileage"
        rows={[
          ["Start mileage", r.start_mileage ?? ""],
          ["Allowance", r.mileage_allowance ?? ""],
          ["Excess charge (per mile)", formatMoney(r.excess_mileage_charge_per_mile ?? 0)],
          ["Delivery charge", formatMoney(r.delivery_charge ?? 0)],
          ["Comments", r.comments ?? ""],
        ]}
      />
      {lt ? (
        <>
          <h2>Long-term terms</h2>
          <p>{ltNotes}</p>
        </>
      ) : (
        <>
          <h2>Hire charges</h2>
          <table aria-label="Hire charges">
            <thead>
              <tr>
                <th>Charge</th>
                <th>Ex VAT</th>
                <th>Inc VAT</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>Hire ({r.days} days)</td>
                <td>{formatMoney(exVat)}</td>
                <td>{formatMoney(incVat(exVat))}</td>
              </tr>
              <tr>
                <td>Insurance</td>
                <td>{formatMoney(r.insurance_charge ?? 0)}</td>
                <td>{formatMoney(incVat(r.insurance_charge ?? 0))}</td>
              </tr>
            </tbody>
          </table>
        </>
      )}
      <div className="print-page-break" />
      <h2>Terms and conditions</h2>
      <p>{defaults.hire_terms_and_conditions}</p>
      <SignatureLines />
      <h2>Post-hire return</h2>
      <p>Returned on ______________ at ______ mileage ____________ fuel ________. Damage noted: ______________________________</p>
      <SignatureLines />
      <h2>Statement of liability</h2>
      <p>I accept liability for the vehicle, its contents and any charges arising from its use for the whole hire period, until it is returned and checked in.</p>
      <SignatureLines />
      <h2>Important notice</h2>
      <p>Check the vehicle's height and weight before use. Report any accident or damage to us at once on the number above.</p>
      <SignatureLines />
    </>
  );
}

/** /printrental/{id} (001 §2.4): the hire agreement for signature, A4. */
export function PrintRentalPage() {
  const { rental } = useParams();
  const q = useOne<Rental>("rentals", rental ?? null, { errorMessage: "There was an error" });
  const d = useApiGet<Record<string, any>>("appdefaults");
  return (
    <Page title="Hire Agreement">
      {q.isLoading || d.isLoading ? (
        <Loading />
      ) : q.data && d.data ? (
        <PrintDocument title="Hire Agreement">
          <Agreement r={q.data} defaults={d.data} />
        </PrintDocument>
      ) : (
        <Text c="red">This rental could not be loaded.</Text>
      )}
    </Page>
  );
}
