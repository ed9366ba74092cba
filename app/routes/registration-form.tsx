// Placeholder: being built.
export default function Screen() {
  return <main id="inhoud" />;
}
