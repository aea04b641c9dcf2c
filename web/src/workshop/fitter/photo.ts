import { PHOTO_MAX_SIDE, PHOTO_QUALITY, scaledSize } from "../../../../core/workshop/fitter-rules";

/**
 * A photo from the phone's camera made fit to send (docs/fitter-phone.md):
 * decoded (turned as the camera says), drawn at most PHOTO_MAX_SIDE pixels on
 * its long side, and encoded as JPEG at PHOTO_QUALITY. A 12-megapixel photo
 * of 4-6 MB goes up as about 0.5-1 MB, and its EXIF data (the place it was
 * taken) stays on the phone. A file the browser cannot decode is sent as it
 * is (the upload then refuses any type but png, jpeg or pdf).
 */
export async function scalePhoto(file: File, max = PHOTO_MAX_SIDE, quality = PHOTO_QUALITY): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file;
  }
  const size = scaledSize(bitmap.width, bitmap.height, max);
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext("2d");
  if (!ctx) {
    bitmap.close();
    return file;
  }
  ctx.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
  if (!blob) return file;
  const name = `${file.name.replace(/\.[^.]*$/, "") || "photo"}.jpg`;
  return new File([blob], name, { type: "image/jpeg", lastModified: file.lastModified });
}
