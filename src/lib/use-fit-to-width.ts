import { useEffect, useState } from 'react';

const PX_PER_MM = 96 / 25.4;

/**
 * The zoom that fits something `widthMm` wide into the content box of the element passed to
 * `measure` (a callback ref), never above 1. A printed page laid out in millimetres is wider than
 * a tablet's content area; zooming it (rather than scrolling it sideways) keeps it all in view.
 */
export function useFitToWidth(widthMm: number) {
  const [element, measure] = useState<HTMLElement | null>(null);
  const [zoom, setZoom] = useState(1);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const update = () => {
      const style = getComputedStyle(element);
      const available =
        element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const fit = available / (widthMm * PX_PER_MM);
      // Rounded down so sub-pixel layout never leaves a sliver to scroll.
      setZoom(fit >= 1 ? 1 : Math.max(0.1, Math.floor(fit * 1000) / 1000));
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, widthMm]);
  return { measure, zoom };
}
