// Issue 40: the product gallery's larger view (a lazy chunk, loaded on the first "View larger"): a full-screen
// dialog with one picture at a time, previous/next buttons, the arrow keys (Home/End) and a horizontal swipe between
// pictures; Escape or Close closes it and focus goes back to the button that opened it (the Modal's).
import { altOf, type ProductImage as GalleryImage } from '@domain/productMedia';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { ProductImage } from '@/components/ui/ProductImage';
import { GalleryArrows } from './GalleryArrows';
import './galleryZoom.css';

/** How far (px) a finger must move sideways for a swipe. */
const SWIPE_PX = 40;

export function GalleryZoom({
  images,
  productName,
  start,
  onClose,
}: {
  images: readonly GalleryImage[];
  productName: string;
  start: number;
  /** With the picture shown last, so the gallery can show it too. */
  onClose: (index: number) => void;
}) {
  const [index, setIndex] = useState(start);
  const downX = useRef<number | null>(null);
  const count = images.length;
  const show = (next: number) => setIndex((next + count) % count);
  const image = images[index]!;

  // On the document: the dialog's focus may be on any of its parts (Escape is the Modal's own).
  useEffect(() => {
    if (count < 2) return;
    const onKeyDown = (e: globalThis.KeyboardEvent) => {
      const step: Record<string, (i: number) => number> = {
        ArrowLeft: (i) => i - 1,
        ArrowRight: (i) => i + 1,
        Home: () => 0,
        End: () => count - 1,
      };
      const move = step[e.key];
      if (!move) return;
      e.preventDefault();
      setIndex((i) => (move(i) + count) % count);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [count]);
  function onPointerUp(e: PointerEvent) {
    const from = downX.current;
    downX.current = null;
    if (from === null || count < 2) return;
    const dx = e.clientX - from;
    if (Math.abs(dx) >= SWIPE_PX) show(dx < 0 ? index + 1 : index - 1);
  }

  return (
    <Modal show fullscreen onHide={() => onClose(index)} aria-labelledby="gallery-zoom-title" className="gallery-zoom">
      <Modal.Header closeButton closeLabel="Close the larger view">
        <Modal.Title id="gallery-zoom-title" className="h6">
          {productName}
          {count > 1 && <span className="text-muted ms-2">{`${index + 1} of ${count}`}</span>}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body
        className="gallery-zoom-body"
        onPointerDown={(e: PointerEvent) => (downX.current = e.clientX)}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (downX.current = null)}
      >
        <ProductImage key={image.url} src={image.url} alt={altOf(image, productName)} sizes="100vw" eager />
        {count > 1 && <GalleryArrows step={(by) => show(index + by)} />}
        <p className="visually-hidden" aria-live="polite" data-testid="zoom-position">
          Image {index + 1} of {count}: {altOf(image, productName)}
        </p>
      </Modal.Body>
    </Modal>
  );
}
