import { addDays } from "../platform/dates.js";

/**
 * The workshop's period figures (W18: job labour, parts, part orders):
 * each kept as monthly facet partitions whose values are `<dd>#charge` and
 * `<dd>#cost` in pence. Sums the days of start..end from the months they
 * touch (a week reads at most two partitions), one read per month.
 */
export async function chargeAndCost(
  q: { start: string; end: string },
  monthValues: (month: string) => Promise<Array<{ value: string; pence: number }>>,
): Promise<{ charge: number; cost: number }> {
  const months: string[] = [];
  for (let m = q.start.slice(0, 7); m <= q.end.slice(0, 7); m = addDays(`${m}-28`, 7).slice(0, 7)) months.push(m);
  let charge = 0;
  let cost = 0;
  await Promise.all(
    months.map(async (m) => {
      for (const f of await monthValues(m)) {
        const [dd, what] = f.value.split("#");
        const day = `${m}-${dd}`;
        if (day < q.start || day > q.end) continue;
        if (what === "charge") charge += f.pence;
        else if (what === "cost") cost += f.pence;
      }
    }),
  );
  return { charge, cost };
}
