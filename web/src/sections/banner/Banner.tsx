/** Placeholder until the sections issue fills it in: keeps the anchor the header scrolls to. */
export function Banner() {
  return <section id="banner" />;
}
