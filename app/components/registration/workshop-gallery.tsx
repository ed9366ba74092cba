/**
 * The workshop's photos (spec "Workshop info", gallery from the workshop-images call). Lazy-loaded with their
 * size given, so the page does not shift while they arrive. The upstream gives a file name and nothing that
 * describes a photo, so each says what can be said ('Foto 1 van 3 bij {workshop}'): the heading 'Foto's' is then
 * followed by something, not by nothing.
 */
import { WORKSHOP_PAGE } from "~/messages";

/** The demo and the upstream's pictures are 16:9. */
const WIDTH = 800;
const HEIGHT = 450;

export function WorkshopGallery({
  images,
  workshop,
}: {
  images: string[];
  /** The workshop's name, for the photos' text. */
  workshop: string;
}) {
  if (images.length === 0) return null;
  return (
    <section aria-labelledby="galerij-titel" className="flex flex-col gap-3">
      <h2 id="galerij-titel" className="text-xl font-bold">
        {WORKSHOP_PAGE.gallery}
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {images.map((src, index) => (
          <li key={src}>
            <img
              src={src}
              alt={WORKSHOP_PAGE.photo(index + 1, images.length, workshop)}
              width={WIDTH}
              height={HEIGHT}
              loading="lazy"
              decoding="async"
              className="aspect-video h-auto w-full rounded-md bg-gray-100 object-cover dark:bg-gray-800"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
