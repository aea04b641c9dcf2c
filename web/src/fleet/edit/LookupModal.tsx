import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import type { Source } from "../../../../core/fleet/registration-rules";
import { useCreate } from "../../platform/api";
import { toFormValue, type FieldDef, type FormValue } from "../../platform/form";
import { toastFailure } from "../../platform/toast";
import { AddMissing, OffersTable, ServiceMessages, SourceBadge, lookupRegistration, offersOf, type LookupAnswer, type Offer } from "../shared/registration";

type Props = {
  registration: string;
  fields: FieldDef[];
  values: Record<string, FormValue>;
  set: (name: string, value: FormValue) => void;
  /** Called with the fields taken and where each came from. */
  onAccepted: (sources: Record<string, Source>) => void;
};

/**
 * The vehicle screen's Look up button (issue 25): reads the DVLA and the
 * DVSA, shows each value beside the form's with its source, and sets only
 * the ticked ones when staff press Accept. A make or model the product
 * lacks is named, with a button to add it.
 */
export function LookupButton({ registration, fields, values, set, onAccepted }: Props) {
  const createMake = useCreate("vehiclemake");
  const createModel = useCreate("vehiclemodel");
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<LookupAnswer | null>(null);
  const [offers, setOffers] = useState<Offer[]>([]);
  const [make, setMake] = useState<{ id: number | null; name: string; source: Source } | null>(null);
  const [model, setModel] = useState<{ id: number | null; name: string; source: Source } | null>(null);
  const field = (name: string) => fields.find((f) => f.name === name);
  const labelOf = (name: string) => field(name)?.label ?? null;

  const lookUp = async () => {
    setBusy(true);
    try {
      const a = await lookupRegistration(registration);
      setAnswer(a);
      setOffers(offersOf(a, labelOf, (f) => values[f]));
      setMake(a.make);
      setModel(a.model);
    } catch (e) {
      toastFailure(e, "There was an error");
    } finally {
      setBusy(false);
    }
  };

  const addMake = async () => {
    const made = await createMake.mutateAsync({ name: make!.name });
    setMake({ ...make!, id: made.id });
  };
  const addModel = async () => {
    const made = await createModel.mutateAsync({ name: model!.name, make: make!.id });
    setModel({ ...model!, id: made.id });
  };

  const accept = () => {
    const sources: Record<string, Source> = {};
    const take = (name: string, value: unknown, source: Source) => {
      const f = field(name);
      if (!f) return;
      set(name, toFormValue(f, value));
      sources[name] = source;
    };
    const makeChanges = make?.id && String(values.make ?? "") !== String(make.id);
    if (make?.id && (makeChanges || !values.make)) take("make", make.id, make.source);
    if (model?.id && (makeChanges || !values.model)) take("model", model.id, model.source);
    for (const o of offers) if (o.take) take(o.field, o.value, o.source);
    onAccepted(sources);
    setAnswer(null);
  };

  const currentMake = String(values.make ?? "");
  return (
    <>
      <Button size="xs" variant="light" loading={busy} disabled={!String(registration ?? "").trim()} onClick={() => void lookUp()}>
        Look up
      </Button>
      <Modal opened={answer !== null} onClose={() => setAnswer(null)} title={`Look up ${answer?.registration ?? ""}`} size="xl" centered>
        {answer && (
          <Stack gap="sm">
            <ServiceMessages answer={answer} />
            {answer.vehicle && <Text size="sm">This registration is already on the fleet (vehicle {answer.vehicle}).</Text>}
            {make && (
              <Group gap="xs">
                <Text size="sm">
                  Make: {make.name} <SourceBadge source={make.source} />
                  {make.id && currentMake && currentMake !== String(make.id) ? " (the form holds another make: accepting sets this one)" : ""}
                </Text>
                {!make.id && <AddMissing what="make" name={make.name} onAdd={addMake} />}
              </Group>
            )}
            {model && (
              <Group gap="xs">
                <Text size="sm">
                  Model: {model.name} <SourceBadge source={model.source} />
                </Text>
                {!model.id && make?.id && <AddMissing what="model" name={model.name} onAdd={addModel} />}
              </Group>
            )}
            <OffersTable offers={offers} onChange={setOffers} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAnswer(null)}>
                Cancel
              </Button>
              <Button onClick={accept} disabled={answer.dvla.status !== "found" && answer.dvsa.status !== "found"}>
                Accept
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
