/**
 * The dialogs the /campaign page opens (built in `src/features/kol/editors`): a campaign (new or
 * edited), a booking of the campaign shown, the brand's EMV values, the import of a tracking
 * sheet, and the confirmation of a delete. One at a time; each stays mounted once shown (so it
 * closes with its animation) and keeps what it last showed while hidden. What each saved,
 * deleted or imported goes back to the page, which loads its data again (or opens the new
 * campaign, or goes back to the overview after the campaign's delete).
 */
import { useRef } from "react";
import type { KolBooking, KolCampaign } from "../../../domain/kolContract";
import { BookingDialog, CampaignDialog, DeleteKolItemDialog, EmvDialog, ImportKolDialog, type KolDeleteTarget } from "@/features/kol/editors";

/** The dialog open on the page. */
export type KolDialog =
  | { readonly kind: "campaign"; readonly campaign: KolCampaign | null }
  | { readonly kind: "booking"; readonly campaignId: number; readonly booking: KolBooking | null }
  | { readonly kind: "emv" }
  | { readonly kind: "import"; readonly campaignId: number; readonly campaignName: string }
  | { readonly kind: "delete"; readonly target: KolDeleteTarget };

export interface KolDialogsProps {
  brand: string;
  dialog: KolDialog | null;
  onClose: () => void;
  /** A booking saved or deleted, EMV values saved, a sheet imported: the page loads again. */
  onChanged: () => void;
  /** A campaign saved: `created` when it is new. */
  onCampaignSaved: (id: number, created: boolean) => void;
  /** A campaign deleted: the page goes back to the overview. */
  onCampaignDeleted: () => void;
}

/** The last dialog of a kind that was open (what it shows while it closes). */
function useLast<K extends KolDialog["kind"]>(dialog: KolDialog | null, kind: K): Extract<KolDialog, { kind: K }> | null {
  const last = useRef<Extract<KolDialog, { kind: K }> | null>(null);
  if (dialog?.kind === kind) last.current = dialog as Extract<KolDialog, { kind: K }>;
  return last.current;
}

export function KolDialogs({ brand, dialog, onClose, onChanged, onCampaignSaved, onCampaignDeleted }: KolDialogsProps) {
  const campaign = useLast(dialog, "campaign");
  const booking = useLast(dialog, "booking");
  const imported = useLast(dialog, "import");
  const target = dialog?.kind === "delete" ? dialog.target : null;
  return (
    <>
      <CampaignDialog
        brand={brand}
        campaign={campaign?.campaign ?? null}
        visible={dialog?.kind === "campaign"}
        onClose={onClose}
        onSaved={(c: KolCampaign) => {
          const created = campaign?.campaign == null;
          onClose();
          onCampaignSaved(c.id, created);
        }}
      />
      {booking !== null && (
        <BookingDialog
          brand={brand}
          campaignId={booking.campaignId}
          booking={booking.booking}
          visible={dialog?.kind === "booking"}
          onClose={onClose}
          onSaved={() => {
            onClose();
            onChanged();
          }}
        />
      )}
      <EmvDialog
        brand={brand}
        visible={dialog?.kind === "emv"}
        onClose={onClose}
        onSaved={() => {
          onClose();
          onChanged();
        }}
      />
      {imported !== null && (
        // The import dialog stays open on its summary (rows read, posts stored); the page reloads behind it.
        <ImportKolDialog brand={brand} campaignId={imported.campaignId} campaignName={imported.campaignName} visible={dialog?.kind === "import"} onClose={onClose} onImported={onChanged} />
      )}
      <DeleteKolItemDialog
        brand={brand}
        target={target}
        onClose={onClose}
        onDeleted={() => {
          onClose();
          if (target?.kind === "campaign") onCampaignDeleted();
          else onChanged();
        }}
      />
    </>
  );
}
