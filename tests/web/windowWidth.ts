/**
 * A window `width` px wide, as antd's breakpoints ask it (min-width and max-width queries); jsdom
 * answers every query false, which antd reads as the narrowest screen. Answers the undo.
 */
export function windowWidth(width: number) {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return { ...original(query), matches };
  }) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}
