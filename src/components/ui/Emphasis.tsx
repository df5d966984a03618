/**
 * A translated sentence with one value in bold where the language puts it: "Are you sure to delete
 * the template <strong>Summer</strong>?". The message is made with `Emphasis.SLOT` as the value's
 * argument; the slot is then replaced by the value in `<strong>`.
 */
const SLOT = "\u0000";

export function Emphasis({ message, value }: { message: string; value: string }) {
  const at = message.indexOf(SLOT);
  if (at < 0) return <>{message}</>;
  return (
    <>
      {message.slice(0, at)}
      <strong>{value}</strong>
      {message.slice(at + SLOT.length)}
    </>
  );
}

Emphasis.SLOT = SLOT;
