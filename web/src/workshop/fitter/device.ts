import { FITTER_DEVICE_KEY } from "../../../../core/workshop/fitter-rules";

/**
 * Which fitter uses this phone, remembered on the device (localStorage, as
 * the sign-in token is): picked once on /fitter, changed there with
 * "Not you?". Signing out clears it with the rest of the device's storage.
 */
export const fitterOnDevice = {
  get(): number | null {
    const n = Number(localStorage.getItem(FITTER_DEVICE_KEY));
    return Number.isInteger(n) && n > 0 ? n : null;
  },
  set(id: number) {
    localStorage.setItem(FITTER_DEVICE_KEY, String(id));
  },
  clear() {
    localStorage.removeItem(FITTER_DEVICE_KEY);
  },
};
