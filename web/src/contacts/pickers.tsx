import { useEffect, useState } from "react";
import type { ApiRecord, QueryParams } from "../platform/api";
import type { FormValue } from "../platform/form";
import { Typeahead } from "../platform/typeahead";

/** A contact as the typeaheads hand it back (the full contact record). */
export type ContactOption = ApiRecord & { display_name: string; contact_type?: "CC" | "SP"; partial_contact?: boolean };

type PickerProps = {
  label: string;
  onChange: (contact: ContactOption | null) => void;
  /** Text in the box, when the parent controls it (to clear it or show the chosen name). */
  search?: string;
  onSearchChange?: (s: string) => void;
  placeholder?: string;
  inline?: boolean;
  disabled?: boolean;
};

const ERROR = "An error occurred!";

/** Customer typeahead: active customers by display name (GET customersearch, from 2 characters). */
export function CustomerPicker(p: PickerProps) {
  return <Typeahead<ContactOption> {...p} resource="customersearch" itemLabel={(c) => c.display_name} onSelect={p.onChange} errorMessage={ERROR} />;
}

/** Supplier typeahead: active suppliers by display name (GET suppliersearch, from 2 characters). */
export function SupplierPicker(p: PickerProps) {
  return <Typeahead<ContactOption> {...p} resource="suppliersearch" itemLabel={(c) => c.display_name} onSelect={p.onChange} errorMessage={ERROR} />;
}

/**
 * Contact typeahead on the contacts list itself (GET contacts?contact_type=&search=,
 * from 2 characters): CC customers, SP suppliers, ALL both; deactivated ones only
 * with `showDeactivated`.
 */
export function ContactPicker({ contactType = "ALL", showDeactivated, ...p }: PickerProps & { contactType?: "CC" | "SP" | "ALL"; showDeactivated?: boolean }) {
  const params: QueryParams = { contact_type: contactType, show_deactive: showDeactivated ? "true" : undefined };
  return <Typeahead<ContactOption> {...p} resource="contacts" params={params} itemLabel={(c) => c.display_name} onSelect={p.onChange} errorMessage={ERROR} />;
}

/**
 * A reference to a customer (CC) or supplier (SP) on another record's form
 * (a vehicle's owner, a rental's customer): the typeahead shows the chosen
 * contact's display name and hands the form its id, or "" once the text is
 * changed without choosing.
 */
export function ContactRefInput({
  label,
  kind,
  initialName = "",
  value,
  onChange,
  placeholder,
  onContact,
  disabled,
}: {
  label: string;
  kind: "CC" | "SP";
  /** The display name of the contact the record holds now. */
  initialName?: string;
  value: FormValue | null | undefined;
  onChange: (id: number | "") => void;
  placeholder?: string;
  /** The chosen contact itself (its name for a table row), null once the text changes. */
  onContact?: (contact: ContactOption | null) => void;
  /** Shown, not changeable (a quote's customer once its invoice number is set). */
  disabled?: boolean;
}) {
  const [text, setText] = useState(initialName);
  // A fresh copy of the record (after a save) brings its own name.
  useEffect(() => setText(initialName), [initialName]);
  // The form was reset to no contact: clear the text too.
  useEffect(() => {
    if (value === "" || value === null || value === undefined) setText((t) => (initialName && t === initialName ? "" : t));
  }, [value]); // eslint-disable-line react-hooks/exhaustive-deps -- clears the text when the form's value is reset to none; a new initial name is handled by the effect above
  const Picker = kind === "SP" ? SupplierPicker : CustomerPicker;
  return (
    <Picker
      label={label}
      placeholder={placeholder}
      disabled={disabled}
      search={text}
      onSearchChange={setText}
      onChange={(c) => {
        onChange(c ? c.id : "");
        onContact?.(c);
      }}
    />
  );
}
