import "../lambda/secrets.js";
// Movements' module reads the invoice slot accounts fills (core/workshop/offers.ts); the rebuild raises none, but a bundle that reads a slot carries its filler.
import "../../core/accounts/workshop-offers.js";
import { Vehicle, vehicleSorts } from "../../core/fleet/index.js";
import { jobProfitFigures, leagueBoards, movementProfitFigures, rentalProfitFigures, transactionProfitFigures, vehicleOwner, vehicleProfitFigures, type VehicleLike } from "../../core/fleet/profit-rules.js";
import { Transaction } from "../../core/accounts/transaction.js";
import { Rental } from "../../core/hire/index.js";
import { rebuildFigures } from "../../core/platform/records.js";
import { Job } from "../../core/workshop/index.js";
import { Movement } from "../../core/workshop/movements.js";

/**
 * The vehicle figures' backfill (docs/finance.md "Vehicle profit line"):
 * every vehicle's months, sources, rank and league boards written again
 * from its records (its agreements, its rentals, its job cards, its
 * movements and the transactions booked to it), and its league sorts, for
 * records saved before the figures were kept. Run while nobody saves:
 * `npm run job -- profit-rebuild`. Idempotent: a second run writes the same.
 */
export async function handler() {
  let vehicles = 0;
  let items = 0;
  for (let page = 1; ; page++) {
    const { results } = await Vehicle.list({ page, page_size: 100 });
    // As stored (the boards read the references' ids), and with their agreements (the figures read them).
    const stored = await Vehicle.getMany(results.map((r) => Number((r as { id: number }).id)));
    const withAgreements = (await Vehicle.present(stored)) as Array<VehicleLike & { id: number }>;
    for (const [at, v] of withAgreements.entries()) {
      const id = v.id;
      const boards = leagueBoards(stored[at]);
      const [rentalIds, jobIds, movementIds, transactionIds] = await Promise.all([Rental.idsIn(`vehicle#${id}`), Job.idsIn(`veh#${id}`), Movement.idsIn(`van#${id}`), Transaction.idsIn(`veh#${id}`)]);
      const [rentals, jobs, movements, transactions] = await Promise.all([Rental.getMany(rentalIds), Job.getMany(jobIds), Movement.getMany(movementIds), Transaction.getMany(transactionIds)]);
      const sources = [
        { source: `vehicle#${id}`, lines: vehicleProfitFigures(v, id) },
        ...rentals.map((r) => ({ source: `rental#${r.id}`, lines: rentalProfitFigures(r) })),
        ...jobs.map((j) => ({ source: `job#${j.id}`, lines: jobProfitFigures(j) })),
        ...movements.map((m) => ({ source: `movement#${m.id}`, lines: movementProfitFigures(m) })),
        ...transactions.map((t) => ({ source: `transaction#${t.id}`, lines: transactionProfitFigures(t) })),
      ];
      items += await rebuildFigures(vehicleOwner(id), sources, boards, vehicleSorts);
      vehicles++;
    }
    if (results.length < 100) break;
  }
  console.log(JSON.stringify({ level: "info", job: "profit-rebuild", vehicles, items, at: new Date().toISOString() }));
  return { ok: true, vehicles, items };
}
