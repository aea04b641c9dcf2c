/**
 * The settings records as the API answers them, inferred from their
 * definitions (issue 23: one definition per field). Pure, types only.
 */
import type { RowOf } from "../platform/definition.js";
import type { costCentre, department, fitter, inspectionType, movementRate, nominalCode, trackingCategory } from "./definitions.js";

/** A tracking category as answered, its options within it. */
export type TrackingCategoryRecord = RowOf<typeof trackingCategory>;
/** One option of a tracking category (the category's `options`: the option's definition with its id, Xero id and category). */
export type TrackingOptionRecord = NonNullable<TrackingCategoryRecord["options"]>[number];

/** The reference records the screens pick from, as answered (GET departments, costcentre, inspectiontype, nominal, fitters, movementrate). */
export type DepartmentRecord = RowOf<typeof department>;
export type CostCentreRecord = RowOf<typeof costCentre>;
export type InspectionTypeRecord = RowOf<typeof inspectionType>;
export type NominalCodeRecord = RowOf<typeof nominalCode>;
export type FitterRecord = RowOf<typeof fitter>;
export type MovementRateRecord = RowOf<typeof movementRate>;
