import { Alert, Box, Button, Card, Container, Divider, Group, Loader, SegmentedControl, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { useParams } from "react-router-dom";
import { APPROVAL_MESSAGES, TOKEN_PATTERN, type Decision } from "../../../../core/workshop/quote-approval-rules";
import { useApiGet, useApiMutation } from "../../platform/api";
import { useSaveCycle } from "../../platform/form/useRecordEditor";
import { formatDate, formatMoney } from "../../platform/format";

/** The quote as the public call answers it (core/workshop/quote-approval.ts `view`). */
type ApprovalView = {
  business: string;
  vehicle: { registration: string | null; make: string | null; model: string | null };
  description: string | null;
  expires_at: string;
  items: Array<{ id: number; description: string | null; labour_hours: number | null; labour: number; parts: Array<{ name: string | null; part_number: string | null; price: number }>; price: number }>;
  totals: { labour: number; parts: number; total: number; vat: number; total_inc_vat: number };
};

const path = (token: string) => `public/quote-approval/${token}`;

/** A closed or unknown link: a page of its own that changes nothing. */
function Closed({ message }: { message: string }) {
  return (
    <Stack gap="md" py="xl" role="alert" aria-live="polite">
      <Title order={1} size="h2">
        {message}
      </Title>
      <Text size="lg">Nothing has been changed. Please contact us if you need a new link.</Text>
    </Stack>
  );
}

/**
 * /approve/{token} (issue 26, docs/quote-approval.md): the customer's
 * quote, sized for a phone (390x844), outside the signed-in frame: no
 * staff call is made. Each item approved or declined with a large
 * toggle, a typed name, Confirm; then a thank-you page.
 */
export function ApprovePage() {
  const { token = "" } = useParams();
  const wellFormed = TOKEN_PATTERN.test(token);
  // A closed link is a page of its own, not a toast.
  const quote = useApiGet<ApprovalView>(path(token), undefined, { enabled: wellFormed, quiet: true });
  const [decisions, setDecisions] = useState<Record<number, Decision>>({});
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const answer = useApiMutation<{ name: string; items: Array<{ id: number; decision: Decision }> }, { answered: boolean }>("POST", path(token), { quiet: true });
  // The one save cycle: a refusal (400) marks its fields; any other failure closes the page below.
  const { warning, run } = useSaveCycle({ refuse: (e) => setErrors(e), validate: () => true });

  const page = (children: React.ReactNode) => (
    <Container size={480} px="md" py="md" component="main">
      {children}
    </Container>
  );
  if (!wellFormed) return page(<Closed message={APPROVAL_MESSAGES.unknown} />);
  if (quote.isLoading) return page(<Loader aria-label="Loading" m="xl" />);
  if (quote.error) return page(<Closed message={quote.error.message} />);
  if (answer.isSuccess) {
    return page(
      <Stack gap="md" py="xl" role="status">
        <Title order={1} size="h2">
          Thank you
        </Title>
        <Text size="lg">Your answer has been sent to {quote.data?.business}. We will be in touch about the work you approved.</Text>
      </Stack>,
    );
  }
  if (answer.error && !warning) return page(<Closed message={answer.error.message} />);
  const q = quote.data!;
  const confirm = () => {
    const missing: Record<string, string> = {};
    if (!name.trim()) missing.name = APPROVAL_MESSAGES.name;
    if (q.items.some((i) => !decisions[i.id])) missing.items = APPROVAL_MESSAGES.decisions;
    setErrors(missing);
    if (!Object.keys(missing).length) void run(() => answer.mutateAsync({ name, items: Object.entries(decisions).map(([id, decision]) => ({ id: Number(id), decision })) }));
  };
  const vehicle = [q.vehicle.make, q.vehicle.model].filter(Boolean).join(" ");
  return page(
    <Stack gap="md">
      <Box>
        <Text fw={700} size="lg" c="#1c3f78">
          {q.business}
        </Text>
        <Title order={1} size="h2">
          Your quote
        </Title>
        <Text size="lg" fw={600}>
          {q.vehicle.registration} {vehicle && `· ${vehicle}`}
        </Text>
        {q.description && <Text>{q.description}</Text>}
        <Text size="sm" c="dimmed">
          This link is open until {formatDate(q.expires_at.slice(0, 10))}.
        </Text>
      </Box>
      {q.items.map((i) => (
        <Card key={i.id} withBorder padding="md" aria-label={`Item ${i.id}`} component="section">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Text fw={600}>{i.description || `Work Item ${i.id}`}</Text>
            <Text fw={600}>{formatMoney(i.price)}</Text>
          </Group>
          <Text size="sm">
            Labour{i.labour_hours ? ` (${i.labour_hours} h)` : ""}: {formatMoney(i.labour)}
          </Text>
          {i.parts.map((p, k) => (
            <Text size="sm" key={k}>
              {p.name || "Part"}: {formatMoney(p.price)}
            </Text>
          ))}
          <SegmentedControl
            mt="sm"
            fullWidth
            size="lg"
            aria-label={`Approve or decline ${i.description || `item ${i.id}`}`}
            value={decisions[i.id] ?? ""}
            onChange={(v) => setDecisions((d) => ({ ...d, [i.id]: v }))}
            color={decisions[i.id] === "declined" ? "red" : "green"}
            // A tap target a thumb finds: 48 px high.
            styles={{ label: { minHeight: 48, display: "flex", alignItems: "center", justifyContent: "center" } }}
            data={[
              { value: "approved", label: "Approve" },
              { value: "declined", label: "Decline" },
            ]}
          />
        </Card>
      ))}
      <Card withBorder padding="md" aria-label="Totals" component="section">
        <Group justify="space-between">
          <Text>Labour</Text>
          <Text>{formatMoney(q.totals.labour)}</Text>
        </Group>
        <Group justify="space-between">
          <Text>Parts</Text>
          <Text>{formatMoney(q.totals.parts)}</Text>
        </Group>
        <Group justify="space-between">
          <Text>Total</Text>
          <Text>{formatMoney(q.totals.total)}</Text>
        </Group>
        <Group justify="space-between">
          <Text>VAT</Text>
          <Text>{formatMoney(q.totals.vat)}</Text>
        </Group>
        <Divider my="xs" />
        <Group justify="space-between">
          <Text fw={700}>Total inc VAT</Text>
          <Text fw={700}>{formatMoney(q.totals.total_inc_vat)}</Text>
        </Group>
      </Card>
      {errors.items && (
        <Alert color="red" role="alert">
          {errors.items}
        </Alert>
      )}
      <TextInput size="lg" label="Your name" required value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} autoComplete="name" maxLength={200} />
      <Button size="xl" fullWidth onClick={confirm} loading={answer.isPending}>
        Confirm
      </Button>
    </Stack>,
  );
}
