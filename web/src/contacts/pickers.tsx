import type { ApiRecord } from "../platform/api";
import { Typeahead } from "../platform/typeahead";

export type ContactOption = ApiRecord & { display_name: string };

type PickerProps = {
  label: string;
  onChange: (contact: ContactOption | null) => void;
  search?: string;
  onSearchChange?: (s: string) => void;
};

/** Customer typeahead (customersearch, from 2 characters). */
export function CustomerPicker(p: PickerProps) {
  return <Typeahead<ContactOption> label={p.label} resource="customersearch" itemLabel={(c) => c.display_name} onSelect={p.onChange} search={p.search} onSearchChange={p.onSearchChange} errorMessage="An error occurred!" />;
}

/** Supplier typeahead (suppliersearch, from 2 characters). */
export function SupplierPicker(p: PickerProps) {
  return <Typeahead<ContactOption> label={p.label} resource="suppliersearch" itemLabel={(c) => c.display_name} onSelect={p.onChange} search={p.search} onSearchChange={p.onSearchChange} errorMessage="An error occurred!" />;
}
