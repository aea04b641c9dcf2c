export const ANY_DEBT = {};
export const CROSS_AREA_DEBT = {};
