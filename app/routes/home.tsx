export function meta() {
  return [{ title: "Informatie" }];
}

export default function Home() {
  return (
    <main id="inhoud" className="mx-auto max-w-5xl p-4">
      <h1 className="text-2xl font-bold">Evenementen</h1>
    </main>
  );
}
