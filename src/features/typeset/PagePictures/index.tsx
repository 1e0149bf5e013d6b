import { Image } from 'antd';
import type { CSSProperties } from 'react';
import { useRef, useState } from 'react';
import styles from './index.less';

/** A page's picture: the one shown in the list with its widths (`srcSet`), and the one opened full size. */
export interface PagePicture {
  src: string;
  /** width descriptors (`… 400w, … 800w`): the browser takes the one the screen needs */
  srcSet: string;
  full: string;
}

/** How wide a page is shown: the screen's width on a phone, at most an A4 page at 96 dpi. */
const SIZES = '(max-width: 826px) 100vw, 794px';
const CARD_PADDING = 'min(24px, 3vw)';
/**
 * The body style of the card the pages sit in: its padding, which the pages give back on a phone to
 * take the card's whole width.
 */
export const PAGES_CARD_BODY = { padding: CARD_PADDING, '--pages-card-padding': CARD_PADDING } as CSSProperties;

/** A horizontal swipe on the opened page, when it is not zoomed: the next page or the one before. */
const SWIPE_PX = 50;

/**
 * Pages drawn by the server as pictures (a typeset's preview, a template's sample), one under the
 * other, each as wide as the screen allows: on a phone a page fills the width. Tapping a page opens
 * it full size, where a swipe, the arrows or the arrow keys go from page to page and the fingers
 * zoom. The pictures load as they come near the screen, each at the width the screen needs.
 */
export default function PagePictures({ count, pictureOf, label }: { count: number; pictureOf: (page: number) => PagePicture; label: string }) {
  const [open, setOpen] = useState<number>();
  const touch = useRef<{ x: number; y: number }>();
  const pages = Array.from({ length: count }, (_, i) => pictureOf(i + 1));
  const go = (to: number) => setOpen(Math.max(0, Math.min(count - 1, to)));

  return (
    <>
      <div aria-label={label} className={styles.pages}>
        {pages.map((picture, i) => (
          <a
            key={i}
            href={picture.full}
            className={styles.page}
            title="点按放大"
            onClick={(event) => {
              event.preventDefault();
              setOpen(i);
            }}
          >
            <img
              src={picture.src}
              srcSet={picture.srcSet}
              sizes={SIZES}
              alt={`第 ${i + 1} 页（共 ${count} 页）`}
              loading={i < 2 ? 'eager' : 'lazy'}
              width={794}
              height={1123}
              className={styles.picture}
            />
          </a>
        ))}
      </div>
      <Image.PreviewGroup
        items={pages.map((picture, i) => ({ src: picture.full, alt: `第 ${i + 1} 页（共 ${count} 页）` }))}
        preview={{
          visible: open !== undefined,
          current: open ?? 0,
          onVisibleChange: (visible) => {
            if (!visible) setOpen(undefined);
          },
          onChange: (current) => setOpen(current),
          imageRender: (picture, { transform, current }) => (
            <div
              className={styles.swipe}
              // caught on the way down: the preview's own touch handling (moving, zooming) stops the event
              onTouchStartCapture={(event) => {
                touch.current = event.touches.length === 1 ? { x: event.touches[0].clientX, y: event.touches[0].clientY } : undefined;
              }}
              onTouchEndCapture={(event) => {
                const start = touch.current;
                touch.current = undefined;
                if (!start || transform.scale !== 1) return;
                const dx = event.changedTouches[0].clientX - start.x;
                const dy = event.changedTouches[0].clientY - start.y;
                if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > 2 * Math.abs(dy)) go(current + (dx < 0 ? 1 : -1));
              }}
            >
              {picture}
            </div>
          ),
        }}
      />
    </>
  );
}
