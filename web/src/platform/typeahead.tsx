import { Combobox, InputBase, Loader, useCombobox } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { useList, type ApiRecord, type QueryParams } from "./api";

/** 003 §9: typeaheads start at 2 characters. */
export const TYPEAHEAD_MIN = 2;

type Props<T extends ApiRecord> = {
  label: string;
  /** Query-key resource (e.g. "suppliers") and optional path. */
  resource: string;
  path?: string;
  params?: QueryParams;
  itemLabel: (item: T) => string;
  onSelect: (item: T | null) => void;
  placeholder?: string;
  errorMessage?: string;
  /** Text in the box (controlled by the parent when it wants to clear it). */
  search?: string;
  onSearchChange?: (s: string) => void;
  /** In a table row: small, the label names the input without being shown. */
  inline?: boolean;
  disabled?: boolean;
  /** Drawn with the required marker (the field's rule requires a choice). */
  required?: boolean;
};

/**
 * The one typeahead: queries `?search=` from the 2nd character, debounced,
 * while its list is open, and hands back the chosen record (or null once
 * the text changes again).
 */
export function Typeahead<T extends ApiRecord>(props: Props<T>) {
  const [own, setOwn] = useState("");
  const search = props.search ?? own;
  const setSearch = props.onSearchChange ?? setOwn;
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const enough = debounced.length >= TYPEAHEAD_MIN;
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  // Asked only while the list is open (focus, click, typing): a record's own name shown in the box
  // costs no call when the screen opens (issue 24 Speed: a screen's first paint in one wave).
  const q = useList<T>(props.resource, { ...props.params, search: debounced, page_size: 20 }, { path: props.path, enabled: enough && combobox.dropdownOpened, errorMessage: props.errorMessage });
  const results = enough ? (q.data?.results ?? []) : [];

  return (
    <Combobox
      store={combobox}
      // Mantine 9 keeps a closed list mounted (hidden), and floating-ui places it on mount: a forced
      // layout per picker in a screen's first paint (four on a job card). Drawn only while open.
      keepMounted={false}
      onOptionSubmit={(value) => {
        const item = results.find((r) => String(r.id) === value) ?? null;
        if (item) setSearch(props.itemLabel(item));
        props.onSelect(item);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <InputBase
          label={props.inline ? undefined : props.label}
          aria-label={props.inline ? props.label : undefined}
          size={props.inline ? "xs" : undefined}
          withAsterisk={!props.inline && !!props.required}
          disabled={props.disabled}
          placeholder={props.placeholder ?? "Type at least 2 characters"}
          value={search}
          autoComplete="off"
          rightSection={q.isFetching && enough ? <Loader size="xs" /> : null}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            props.onSelect(null);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options aria-label={`${props.label} results`}>
          {!enough ? (
            <Combobox.Empty>Type at least {TYPEAHEAD_MIN} characters</Combobox.Empty>
          ) : q.isLoading ? (
            <Combobox.Empty>Loading...</Combobox.Empty>
          ) : results.length === 0 ? (
            <Combobox.Empty>No matches</Combobox.Empty>
          ) : (
            results.map((r) => (
              <Combobox.Option value={String(r.id)} key={r.id}>
                {props.itemLabel(r)}
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
